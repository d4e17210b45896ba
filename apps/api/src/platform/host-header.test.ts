import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { lastForwardedHost, originOf, parseHostHeader } from './host-header';

describe('strict Host parsing', () => {
  it.each([
    ['localhost', 'localhost', null],
    ['LocalHost:3000', 'localhost', 3000],
    ['127.0.0.1:8080', '127.0.0.1', 8080],
    ['billing.tenant-b.test', 'billing.tenant-b.test', null],
    ['example.com.', 'example.com', null],
    ['example.com.:443', 'example.com', 443],
    ['[::1]', '[::1]', null],
    ['[::1]:3000', '[::1]', 3000],
    ['[2001:DB8::1]:65535', '[2001:db8::1]', 65535],
  ])('reads %j as %j, port %j', (header, hostname, port) => {
    expect(parseHostHeader(header)).toEqual({ hostname, port });
  });

  it.each([
    '',
    undefined,
    'localhost:@evil.example',
    'user@localhost',
    'localhost:80:81',
    'localhost evil.example',
    ' localhost',
    'localhost ',
    'localhost\tevil',
    'localhost\\evil.example',
    'localhost/evil.example',
    'localhost:3000/path',
    'localhost?x=1',
    'localhost#x',
    '[::1]@evil.example',
    '[::1]:80:81',
    '[::1',
    '::1',
    '[evil.example]',
    'localhost:',
    'localhost:123456',
    'localhost:65536',
    'localhost:-1',
    'localhost:8o',
    'localhost..',
    '.localhost',
    'a..b',
    'exa_mple.com',
    'exämple.com',
    `${'a'.repeat(254)}`,
    'localhost,evil.example',
  ])('refuses %j', (header) => {
    expect(parseHostHeader(header)).toBeNull();
  });
});

describe('X-Forwarded-Host', () => {
  it('takes the last value of a list or of repeated headers (the one the trusted proxy wrote), trimmed of list whitespace only', () => {
    expect(lastForwardedHost('evil.example, localhost')).toBe('localhost');
    expect(lastForwardedHost(['evil.example', 'localhost:8443'])).toBe('localhost:8443');
    expect(lastForwardedHost(' localhost ')).toBe('localhost');
    expect(lastForwardedHost(undefined)).toBeUndefined();
    expect(parseHostHeader(lastForwardedHost('localhost, localhost evil.example'))).toBeNull();
  });
});

describe('public origin', () => {
  it('leaves out the default port of the scheme and keeps any other', () => {
    expect(originOf('http', 'localhost', 80)).toBe('http://localhost');
    expect(originOf('https', 'billing.example.com', 443)).toBe('https://billing.example.com');
    expect(originOf('http', 'localhost', 3000)).toBe('http://localhost:3000');
    expect(originOf('https', 'billing.example.com', 8443)).toBe('https://billing.example.com:8443');
    expect(originOf('https', 'billing.example.com', 80)).toBe('https://billing.example.com:80');
  });

  it('takes scheme and port from PUBLIC_SCHEME and PUBLIC_PORT: http on PORT, https on 443 by default', () => {
    const base = { DATA_DIR: '/tmp/ledgerline-env-test' };
    expect(loadEnv(base)).toMatchObject({ PUBLIC_SCHEME: 'http', publicPort: 3000 });
    expect(loadEnv({ ...base, PORT: '8080' })).toMatchObject({ PUBLIC_SCHEME: 'http', publicPort: 8080 });
    expect(loadEnv({ ...base, PUBLIC_SCHEME: 'https' })).toMatchObject({ PUBLIC_SCHEME: 'https', publicPort: 443 });
    expect(loadEnv({ ...base, PUBLIC_SCHEME: 'https', PUBLIC_PORT: '8443' })).toMatchObject({ publicPort: 8443 });
    expect(() => loadEnv({ ...base, PUBLIC_SCHEME: 'ftp' })).toThrow(/PUBLIC_SCHEME/);
    expect(() => loadEnv({ ...base, PUBLIC_PORT: '0' })).toThrow(/PUBLIC_PORT/);
  });
});
