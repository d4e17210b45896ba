import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/api/src/main.ts');
const STOP_TIMEOUT_MS = 15_000;

/** A port nothing listens on right now (the OS picks it; the server binds it moments later). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = address !== null && typeof address === 'object' ? address.port : 0;
      probe.close(() => (port > 0 ? resolve(port) : reject(new Error('No port was assigned'))));
    });
  });
}

/** One app process as `npm start` runs it, from the TypeScript source (no build needed). */
export class AppProcess {
  private readonly output: string[] = [];
  private child: ChildProcess | null = null;

  constructor(
    readonly name: string,
    private readonly env: Record<string, string>,
  ) {}

  /** Starts the server and resolves once it logged `ready` (queues, periodic jobs and listener up). */
  start(timeoutMs: number): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], { cwd: REPO_ROOT, env: { ...process.env, ...this.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.name} was not ready within ${timeoutMs} ms:\n${this.tail()}`)), timeoutMs);
      let pending = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        pending += chunk.toString('utf8');
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          this.output.push(line);
          if (line.includes('"msg":"ready"')) {
            clearTimeout(timer);
            resolve();
          }
        }
      });
      child.stderr?.on('data', (chunk: Buffer) => this.output.push(chunk.toString('utf8')));
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`${this.name} exited (${code ?? signal}) before it was ready:\n${this.tail()}`));
      });
    });
  }

  /** The last lines the process wrote, for failure messages. */
  tail(lines = 40): string {
    return this.output.slice(-lines).join('\n');
  }

  /** SIGTERM, then the exit code (SIGKILL after the timeout, so a test never leaves a server behind). */
  stop(): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child?.exitCode ?? null);
    return new Promise((resolve) => {
      const killer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      child.once('exit', (code) => {
        clearTimeout(killer);
        resolve(code);
      });
      child.kill('SIGTERM');
    });
  }
}

/** A browser-like client of one origin's API over real HTTP: keeps cookies and echoes the XSRF token. */
export class HttpClient {
  readonly cookies = new Map<string, string>();

  async request(origin: string, method: 'GET' | 'POST', url: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
    const headers: Record<string, string> = { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf && method !== 'GET') headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${origin}${url}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const value = pair.slice(eq + 1);
      if (value === '' || /Max-Age=0/i.test(line)) this.cookies.delete(pair.slice(0, eq));
      else this.cookies.set(pair.slice(0, eq), value);
    }
    const text = await response.text();
    return { status: response.status, body: parsedBody(text) };
  }
}

/** A JSON body as an object; anything else under `raw`. */
function parsedBody(text: string): Record<string, unknown> {
  if (!text) return {};
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { raw: text };
  }
}
