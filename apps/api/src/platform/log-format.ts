import type { DestinationStream } from 'pino';

const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const LEVEL_COLOURS: Record<number, string> = { 10: '90', 20: '36', 30: '32', 40: '33', 50: '31', 60: '35' };
/** Fields every line has or that are shown in their own place, not as key=value. */
const SHOWN_APART = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err', 'req', 'res', 'reqId', 'responseTime']);

type LogRecord = Record<string, unknown>;

function isRecord(value: unknown): value is LogRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function clockTime(time: unknown): string {
  const date = typeof time === 'number' ? new Date(time) : new Date();
  return date.toISOString().slice(11, 19);
}

function valueText(value: unknown): string {
  if (typeof value === 'string') return /\s/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value) ?? String(value);
}

/** "GET /api/v1/me 200 12 ms" from Fastify's request and response fields. */
function requestText(record: LogRecord): string | null {
  const parts: string[] = [];
  if (isRecord(record.req)) parts.push(`${String(record.req.method)} ${String(record.req.url)}`);
  if (isRecord(record.res) && record.res.statusCode !== undefined) parts.push(String(record.res.statusCode));
  if (typeof record.responseTime === 'number') parts.push(`${Math.round(record.responseTime)} ms`);
  return parts.length > 0 ? parts.join(' ') : null;
}

/** One JSON log line as a person reads it: time, level, message, request, other fields, then the error's stack. */
export function formatLogLine(line: string, colour: boolean): string {
  let record: unknown;
  try {
    record = JSON.parse(line);
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  if (!isRecord(record)) return `${line.trimEnd()}\n`;
  const level = typeof record.level === 'number' ? record.level : 30;
  const name = (LEVEL_NAMES[level] ?? String(level)).padEnd(5);
  const levelText = colour ? `\u001b[${LEVEL_COLOURS[level] ?? '0'}m${name}\u001b[0m` : name;
  const fields = Object.entries(record)
    .filter(([key]) => !SHOWN_APART.has(key))
    .map(([key, value]) => `${key}=${valueText(value)}`);
  const request = requestText(record);
  const head = [clockTime(record.time), levelText, typeof record.msg === 'string' ? record.msg : '', request ?? '', ...fields].filter((part) => part !== '').join(' ');
  const stack = isRecord(record.err) && typeof record.err.stack === 'string' ? `\n${record.err.stack.replace(/^/gm, '    ')}` : '';
  return `${head}${stack}\n`;
}

/**
 * Where the server's logs go: on an interactive terminal, formatted lines for a person; otherwise
 * pino's JSON lines untouched, for a log collector.
 */
export function logDestination(output: NodeJS.WriteStream = process.stdout): DestinationStream | undefined {
  if (!output.isTTY) return undefined;
  return { write: (line: string) => void output.write(formatLogLine(line, true)) };
}
