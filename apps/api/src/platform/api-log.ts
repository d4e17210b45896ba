import { apiLogs } from '../db/schema';
import type { AppDb } from '../db/client';
import { inTenant } from '../db/tenant-tx';
import { newId } from './crypto';

export type ApiLogEntry = typeof apiLogs.$inferInsert;

/** What the request path hands over: bodies raw, to be parsed and redacted when the batch is written. */
export type ApiLogRecord = Omit<ApiLogEntry, 'id' | 'requestBody' | 'responseBody'> & { requestBody: unknown; responseBody: string | null };

const SECRET_KEY = /pass(word)?|token|secret|authorization|cookie|code|recovery|api[_-]?key|account_number/i;
const MAX_BODY_CHARS = 16_000;

/** Replaces the values of secret-looking keys, at any depth. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.slice(0, 100).map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[key] = SECRET_KEY.test(key) ? '[REDACTED]' : redact(inner, depth + 1);
  return out;
}

export function bodyForLog(raw: unknown): unknown {
  if (raw === undefined || raw === null || raw === '') return null;
  let value = raw;
  if (typeof raw === 'string') {
    // A body too large to keep is not parsed at all: truncated JSON could not be redacted.
    if (raw.length > MAX_BODY_CHARS) return { omitted: 'body larger than 16,000 characters', size: raw.length };
    try {
      value = JSON.parse(raw);
    } catch {
      return { text: raw.slice(0, 200) };
    }
  }
  const redacted = redact(value);
  const text = JSON.stringify(redacted);
  return text.length > MAX_BODY_CHARS ? { truncated: text.slice(0, MAX_BODY_CHARS) } : redacted;
}

/** Collects API log rows and writes them in batches, off the request path. */
export class ApiLogWriter {
  private pending: ApiLogRecord[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: AppDb,
    private readonly onError: (error: unknown) => void,
    private readonly intervalMs = 1000,
    private readonly maxBatch = 200,
  ) {}

  record(entry: ApiLogRecord): void {
    this.pending.push(entry);
    if (this.pending.length >= this.maxBatch) void this.flush();
    else if (!this.timer) this.timer = setTimeout(() => void this.flush(), this.intervalMs);
  }

  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return this.flushing;
    const byTenant = new Map<string, ApiLogEntry[]>();
    for (const entry of batch) {
      const list = byTenant.get(entry.tenantId) ?? [];
      list.push({ ...entry, id: newId(), requestBody: bodyForLog(entry.requestBody), responseBody: bodyForLog(entry.responseBody) });
      byTenant.set(entry.tenantId, list);
    }
    this.flushing = this.flushing.then(async () => {
      for (const [tenantId, rows] of byTenant) {
        try {
          await inTenant(this.db, tenantId, (tx) => tx.insert(apiLogs).values(rows));
        } catch (error) {
          this.onError(error);
        }
      }
    });
    return this.flushing;
  }
}
