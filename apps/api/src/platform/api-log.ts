import { getTableColumns, sql } from 'drizzle-orm';
import { apiLogs } from '../db/schema';
import type { AppDb } from '../db/client';
import { prebuiltStatement } from '../db/prebuilt';
import { inTenant } from '../db/tenant-tx';
import { newId } from './crypto';
import { maskSecretsInText, redact } from './redaction';
import { storableJson, storableOptionalText, storableText } from './storable';
import { type TimerHandle, safeTimeout } from './timers';

export type ApiLogEntry = typeof apiLogs.$inferInsert;

/** Stands in for the body of a route that declared `sensitiveResponse`: that body is never logged. */
export const WITHHELD_RESPONSE = { omitted: 'secret-bearing response' } as const;

/** What the request path hands over: bodies raw, to be parsed and redacted when the batch is written. */
export type ApiLogRecord = Omit<ApiLogEntry, 'id' | 'requestBody' | 'responseBody'> & { requestBody: unknown; responseBody: string | typeof WITHHELD_RESPONSE | null };

const MAX_BODY_CHARS = 16_000;

/**
 * A batch as one statement rendered once: the rows travel as one JSON parameter that PostgreSQL
 * unpacks into the table's own column types, instead of drizzle building a statement with a
 * parameter per value of each of up to 200 rows (which cost every request about a fifth of its CPU).
 */
const insertBatch = prebuiltStatement(sql`insert into ${apiLogs} select * from json_populate_recordset(null::${apiLogs}, ${sql.placeholder('rows')})`, {});
const columnNames = new Map(Object.entries(getTableColumns(apiLogs)).map(([key, column]) => [key, column.name]));

/** The rows as the JSON the batch insert reads: column names for keys, dates as ISO 8601 text (JSON.stringify writes them so). */
function batchJson(rows: ApiLogEntry[]): string {
  return JSON.stringify(
    rows.map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([key, value]) => {
          const name = columnNames.get(key);
          if (!name) throw new Error(`api_logs has no column for ${key}`);
          return [name, value];
        }),
      ),
    ),
  );
}

function maskOptional(value: string | null | undefined): string | null {
  return value ? storableText(maskSecretsInText(value)) : null;
}

export function bodyForLog(received: unknown): unknown {
  // A route that reads its body as bytes (the provider webhook) is logged as the text it was.
  const raw = Buffer.isBuffer(received) ? received.toString('utf8') : received;
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
 * its caller or its timer: a row that cannot be prepared is reported and dropped, and a batch the
 * database refuses is written again row by row, so one bad row never costs its neighbours.
 */
export class ApiLogWriter {
  private pending: ApiLogRecord[] = [];
  private timer: TimerHandle | null = null;
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
    else if (!this.timer) this.timer = safeTimeout('API log flush', this.intervalMs, () => this.flush(), (_message, error) => this.report(error));
  }

  /** The row as stored: bodies redacted and bounded, every string one PostgreSQL accepts. */
  private prepare(entry: ApiLogRecord): ApiLogEntry | null {
    try {
      return {
        ...entry,
        id: newId(),
        method: storableText(entry.method),
        url: storableText(entry.url),
        ip: storableOptionalText(entry.ip),
        // Headers are whatever the client sent; a token pasted into one is masked like any other value.
        os: maskOptional(entry.os),
        appName: maskOptional(entry.appName),
        appVersion: maskOptional(entry.appVersion),
        client: maskOptional(entry.client),
        timezone: maskOptional(entry.timezone),
        requestBody: storableJson(bodyForLog(entry.requestBody)),
        responseBody: storableJson(bodyForLog(entry.responseBody)),
      };
    } catch (error) {
      this.report(error);
      return null;
    }
  }

  /** Tells the owner; a reporter that throws itself cannot stop the writer. */
  private report(error: unknown): void {
    try {
      this.onError(error);
    } catch {
      // Nowhere left to tell.
    }
  }

  /** One insert for the tenant's rows; when the database refuses it, each row alone. */
  private async write(tenantId: string, rows: ApiLogEntry[]): Promise<void> {
    try {
      await inTenant(this.db, tenantId, (tx) => insertBatch.run(tx, { rows: batchJson(rows) }));
    } catch (error) {
      if (rows.length > 1) for (const row of rows) await this.write(tenantId, [row]);
      else this.report(new Error(`API log row for ${rows[0]?.method} ${rows[0]?.url} could not be written`, { cause: error }));
    }
  }

  flush(): Promise<void> {
    this.timer?.stop();
    this.timer = null;
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
    // `write` reports instead of throwing, so the chain never rejects and later flushes still run.
    this.flushing = this.flushing.then(async () => {
      for (const [tenantId, rows] of byTenant) await this.write(tenantId, rows);
    });
    return this.flushing;
  }
}
