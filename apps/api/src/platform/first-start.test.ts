import { describe, expect, it } from 'vitest';
import { openUrl, startMessage } from './first-start';
import { formatLogLine, logDestination } from './log-format';

describe('the first start message', () => {
  it('names the address to open, on localhost when the server listens on every interface', () => {
    expect(openUrl({ HOST: '0.0.0.0', PORT: 3000 }, 3000)).toBe('http://localhost:3000');
    expect(openUrl({ HOST: '::1', PORT: 0 }, 41234)).toBe('http://[::1]:41234');
  });

  it('says each sign-in once, in sentences, and that the passwords are not shown again', () => {
    const text = startMessage('http://localhost:3000', [
      { who: 'platform super admin', email: 'admin@example.com', password: 'secret-A7a' },
      { who: 'owner of the demo business "Demo Trading Co"', email: 'owner@demo.example.com', password: 'other-A7a' },
    ]);
    expect(text).toContain('Open http://localhost:3000 in your browser.');
    expect(text).toContain('Sign in as the platform super admin with the email admin@example.com and the password secret-A7a.');
    expect(text.split('secret-A7a')).toHaveLength(2);
    expect(text).toContain('shown only this once');
    expect(text).toContain('npm run admin:reset-password');
  });

  it('does not print a password it did not make, nor the once-only notice on a later start', () => {
    expect(startMessage('http://localhost:3000', [{ who: 'platform super admin', email: 'admin@example.com', password: null }])).toContain('the password set in ADMIN_PASSWORD.');
    const later = startMessage('http://localhost:3000', []);
    expect(later).toContain('Open http://localhost:3000');
    expect(later).not.toContain('password');
  });
});

describe('the server log on a terminal', () => {
  it('turns a JSON line into time, level, message, request and fields', () => {
    const line = JSON.stringify({ level: 30, time: Date.UTC(2026, 0, 2, 3, 4, 5), pid: 1, hostname: 'h', reqId: 'req-1', req: { method: 'GET', url: '/api/v1/me' }, res: { statusCode: 200 }, responseTime: 12.4, msg: 'request completed' });
    expect(formatLogLine(line, false)).toBe('03:04:05 INFO  request completed GET /api/v1/me 200 12 ms\n');
  });

  it('shows other fields as key=value and an error stack below the line', () => {
    const line = JSON.stringify({ level: 50, time: 0, msg: 'failed', tenant: 't 1', err: { message: 'boom', stack: 'Error: boom\n    at x' } });
    expect(formatLogLine(line, false)).toBe('00:00:00 ERROR failed tenant="t 1"\n    Error: boom\n        at x\n');
  });

  it('passes a line that is not JSON through', () => {
    expect(formatLogLine('plain text', false)).toBe('plain text\n');
  });

  it('keeps JSON lines when the output is not a terminal', () => {
    const piped = Object.assign(Object.create(process.stdout) as NodeJS.WriteStream, { isTTY: false });
    expect(logDestination(piped)).toBeUndefined();
  });
});
