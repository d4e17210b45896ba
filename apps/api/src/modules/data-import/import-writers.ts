import type { PaymentPayload } from '@app/contracts';
import type { Tx } from '../../db/client';
import { inSavepoint } from '../../db/tenant-tx';
import type { AuditActor } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { isValidationRefusal } from '../../platform/errors';
import { type CounterpartyService, scopeOf } from '../counterparties/counterparties.service';
import type { InvoiceService } from '../invoices/invoices.service';
import type { ItemService } from '../items/items.service';
import type { PaymentService } from '../payments/payments.service';
import { type InvoiceLine, invoiceRequestOf } from './import-documents';
import type { MappedRow } from './import-file';
import type { CheckedRow, CounterpartyPayload, ItemPayload } from './import-fields';

/** Rows per multi-row INSERT of created items. */
const ITEM_CHUNK = 1000;
/** New customers or vendors per round of multi-row INSERTs (their businesses' roles are several rows each). */
const COUNTERPARTY_CHUNK = 500;
/** Complete invoices per round of multi-row INSERTs (ten lines each make 2,000 line rows). */
const INVOICE_CHUNK = 200;

/** Writes the valid rows of a file through the target module's service, possibly buffered until `flush`. */
export type RowWriter = {
  /** False: the row was not written (invalid, or refused by the service and reported). */
  write(tx: Tx, row: MappedRow): Promise<boolean>;
  /** Writes what is buffered; answers how many rows the service refused. */
  flush(tx: Tx): Promise<number>;
};

export type WriterContext = {
  actor: AuditActor;
  scope: BusinessScope;
  /** Records the ids the run created (undo removes exactly those). */
  created(ids: readonly string[]): Promise<void>;
  /**
   * One write of some rows: null when the service refused it and invalid rows are skipped (the
   * rows are reported); without skipping, a refusal fails the whole run.
   */
  guarded<T>(tx: Tx, rows: readonly number[], write: (on: Tx) => Promise<T>): Promise<T | null>;
};

type Check<Payload> = (values: Record<string, string>) => CheckedRow<Payload>;

/** `write` in a savepoint of `tx`: null, with what it wrote rolled back, when the service refused it. */
async function unlessRefused<T>(tx: Tx, write: (on: Tx) => Promise<T>): Promise<T | null> {
  try {
    return await inSavepoint(tx, write);
  } catch (error) {
    if (isValidationRefusal(error)) return null;
    throw error;
  }
}

/** Items in chunks of multi-row INSERTs. */
export function itemWriter(items: ItemService, check: Check<ItemPayload>, context: WriterContext): RowWriter {
  let chunk: ItemPayload[] = [];
  const flush = async (tx: Tx) => {
    if (chunk.length === 0) return 0;
    const ids = await items.createImportedInTx(tx, context.actor, context.scope, chunk);
    chunk = [];
    await context.created(ids);
    return 0;
  };
  return {
    async write(tx, row) {
      const { payload } = check(row.values);
      if (!payload) return false;
      chunk.push(payload);
      if (chunk.length >= ITEM_CHUNK) await flush(tx);
      return true;
    },
    flush,
  };
}

/**
 * Customers or vendors in chunks: those the tenant does not know by email are created many at
 * once; one whose email the tenant knows links to (or is refused by) its business one by one.
 */
export function counterpartyWriter(counterparties: CounterpartyService, kind: 'customer' | 'vendor', check: Check<CounterpartyPayload>, context: WriterContext): RowWriter {
  const scope = scopeOf(context.scope.tenantId, context.scope.businessId, kind);
  let chunk: { rowNumber: number; payload: CounterpartyPayload }[] = [];
  let refused = 0;

  async function createNew(tx: Tx, payloads: readonly CounterpartyPayload[]): Promise<(string | null)[]> {
    // A row the network business refuses: every row of the chunk goes one by one, each refused on its own.
    return (await unlessRefused(tx, (on) => counterparties.createNewImportedInTx(on, context.actor, scope, payloads))) ?? payloads.map(() => null);
  }

  async function writeChunk(tx: Tx): Promise<void> {
    const entries = chunk;
    chunk = [];
    if (entries.length === 0) return;
    const ids = await createNew(tx, entries.map((entry) => entry.payload));
    await context.created(ids.filter((id): id is string => id !== null));
    for (const [index, entry] of entries.entries()) {
      if (ids[index] !== null) continue;
      const id = await context.guarded(tx, [entry.rowNumber], (on) => counterparties.createImportedInTx(on, context.actor, scope, entry.payload));
      if (id === null) refused += 1;
      else await context.created([id]);
    }
  }

  return {
    async write(tx, row) {
      const { payload } = check(row.values);
      if (!payload) return false;
      chunk.push({ rowNumber: row.rowNumber, payload });
      if (chunk.length >= COUNTERPARTY_CHUNK) await writeChunk(tx);
      return true;
    },
    async flush(tx) {
      await writeChunk(tx);
      return refused;
    },
  };
}

/**
 * The lines are gathered by invoice number; each invoice is complete when its last row
 * (`lastRows`, from the first pass over the file) is read, so only the invoices still open at a
 * point of the file are held, not the whole file's. Complete invoices are stored many at a time;
 * when the lot is refused (one bad invoice) or must go in order (a number the series would give
 * next), they go one by one, each refused on its own.
 */
export function invoiceWriter(invoices: InvoiceService, check: Check<InvoiceLine>, context: WriterContext, lastRows: ReadonlyMap<string, number>): RowWriter {
  const pending = new Map<string, { rows: number[]; lines: InvoiceLine[] }>();
  const batch = invoices.importBatch(context.actor, context.scope);
  let complete: { rows: number[]; request: ReturnType<typeof invoiceRequestOf> }[] = [];
  let refused = 0;

  async function writeComplete(tx: Tx): Promise<void> {
    const invoicesNow = complete;
    complete = [];
    if (invoicesNow.length === 0) return;
    const ids = await unlessRefused(tx, (on) => batch.addMany(on, invoicesNow.map((invoice) => invoice.request)));
    if (ids) await context.created(ids);
    else {
      for (const { rows, request } of invoicesNow) {
        const id = await context.guarded(tx, rows, (on) => batch.add(on, request));
        if (id === null) refused += rows.length;
        else await context.created([id]);
      }
    }
    await batch.flush(tx);
  }

  return {
    async write(tx, row) {
      const { payload } = check(row.values);
      if (!payload) return false;
      const invoice = pending.get(payload.number) ?? { rows: [], lines: [] };
      invoice.rows.push(row.rowNumber);
      invoice.lines.push(payload);
      pending.set(payload.number, invoice);
      if (lastRows.get(payload.number) !== row.rowNumber) return true;
      pending.delete(payload.number);
      complete.push({ rows: invoice.rows, request: invoiceRequestOf(invoice.lines) });
      if (complete.length >= INVOICE_CHUNK) await writeComplete(tx);
      return true;
    },
    async flush(tx) {
      // Only an invoice whose last row was skipped is left (its group was left out whole, so none is expected).
      for (const { rows, lines } of pending.values()) complete.push({ rows, request: invoiceRequestOf(lines) });
      pending.clear();
      await writeComplete(tx);
      return refused;
    },
  };
}

/** A payment received per row, on its invoice, as if recorded by hand. */
export function paymentWriter(payments: PaymentService, check: Check<PaymentPayload>, context: WriterContext): RowWriter {
  return {
    async write(tx, row) {
      const { payload } = check(row.values);
      if (!payload) return false;
      const id = await context.guarded(tx, [row.rowNumber], (on) => payments.createImportedInTx(on, context.actor, context.scope, payload));
      if (id === null) return false;
      await context.created([id]);
      return true;
    },
    async flush() {
      return 0;
    },
  };
}
