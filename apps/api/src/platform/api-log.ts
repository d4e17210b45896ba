import { apiLogs } from '../db/schema';
import type { AppDb } from '../db/client';
import { inTenant } from '../db/tenant-tx';
import { newId } from './crypto';
import { maskSecretsInText, redact } from './redaction';

export type ApiLogEntry = typeof apiLogs.$inferInsert;

/** Stands in for the body of a route that declared `sensitiveResponse`: that body is never logged. */
export const WITHHELD_RESPONSE = { omitted: 'secret-bearing response' } as const;

/** What the request path hands over: bodies raw, to be parsed and redacted when the batch is written. */
export type ApiLogRecord = Omit<ApiLogEntry, 'id' | 'requestBody' | 'responseBody'> & { requestBody: unknown; responseBody: string | typeof WITHHELD_RESPONSE | null };

const MAX_BODY_CHARS = 16_000;

function maskOptional(value: string | null | undefined): string | null {
  return value ? maskSecretsInText(value) : null;
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
      return { text: maskSecretsInText(raw.slice(0, 200)) };
    }
  }
  const redacted = redact(value);
  const text = JSON.stringify(redacted);
  return text.length > MAX_BODY_CHARS ? { truncated: text.slice(0, MAX_BODY_CHARS) } : redacted;
}

/**
 * Collects API log rows and writes them in batches, off the request path. Nothing here throws to
 * its caller or its timer: a row that cannot be prepared or written is reported and dropped.
 */
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

  private prepare(entry: ApiLogRecord): ApiLogEntry | null {
    try {
      return {
        ...entry,
        id: newId(),
        // Headers are whatever the client sent; a token pasted into one is masked like any other value.
        os: maskOptional(entry.os),
        appName: maskOptional(entry.appName),
        appVersion: maskOptional(entry.appVersion),
        client: maskOptional(entry.client),
        timezone: maskOptional(entry.timezone),
        requestBody: bodyForLog(entry.requestBody),
        responseBody: bodyForLog(entry.responseBody),
      };
    } catch (error) {
      this.onError(error);
      return null;
    }
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
      const row = this.prepare(entry);
      if (!row) continue;
      const list = byTenant.get(entry.tenantId) ?? [];
      list.push(row);
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
