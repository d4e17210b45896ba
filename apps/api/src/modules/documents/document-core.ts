import { type DocumentModel, type NumberedModel, type ResolvedBusinessSettings, messages } from '@app/contracts';
import { todayInTimeZone } from '@app/domain';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, recordAudit, recordAudits } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { AppError, type TakenKeys, refusingTaken } from '../../platform/errors';
import type { DocumentAttachments } from './document-attachments';
import { type DocumentBusiness, loadDocumentBusiness } from './document-business';
import * as lineStore from './document-lines.repository';
import { type CopiedDocument, copiedRequest } from './document-resource';
import * as documents from './documents.repository';
import { type AllocatedNumber, allocateNumber, allocateNumberInto, anyTypedIsNext, claimTypedNumber, numberingConfig } from './numbering';
import type { PricedDocument } from './pricing';

/** A customer search matches at most this many customers; a list then filters on their ids. */
const CUSTOMER_SEARCH_LIMIT = 500;

export type { DocumentCustomer } from './documents.repository';
export type DocumentLines = { items: lineStore.StoredLine[]; taxes: lineStore.StoredTaxLine[] };

/** The columns every stored document row has that the shared use cases read. */
export type DocumentRowBase = { id: string; tenantId: string; businessId: string; customerId: string; customerBusinessId: string };

/**
 * What differs between document kinds for the shared use cases: the kind (its line tables,
 * attachments and audit model), its number series and unique keys, its rows and its audit view.
 */
export type DocumentAdapter<Row extends DocumentRowBase> = {
  kind: lineStore.LineKind & NumberedModel;
  /** The field a request types the number in, and the message when it is taken. */
  numberField: string;
  numberTakenMessage: string;
  /** Unique keys whose violation is a lost race for a number, answered as a 422 on the field. */
  takenKeys: TakenKeys;
  numberTaken(tx: Tx, scope: BusinessScope, number: string, exceptId?: string): Promise<boolean>;
  findOwn(tx: Tx, scope: BusinessScope, id: string, lock?: boolean): Promise<Row | undefined>;
  /** Locks the rows. */
  findOwnMany(tx: Tx, scope: BusinessScope, ids: readonly string[]): Promise<Row[]>;
  deleteMany(tx: Tx, scope: BusinessScope, ids: readonly string[]): Promise<void>;
  auditView(row: Row): Record<string, unknown>;
};

/** The stored amounts of a priced document, the same columns on every kind. */
export function pricedColumns(priced: PricedDocument) {
  return {
    taxPerItemEnabled: priced.taxPerItemEnabled,
    discountPerItemEnabled: priced.discountPerItemEnabled,
    discountType: priced.discountType,
    discount: priced.discount,
    discountVal: priced.totals.discount_val,
    subTotal: priced.totals.sub_total,
    tax: priced.totals.tax,
    total: priced.totals.total,
  };
}

/** The lines of one document among lines loaded for many. */
export function linesOf(lines: DocumentLines, documentId: string): DocumentLines {
  return { items: lines.items.filter((item) => item.documentId === documentId), taxes: lines.taxes.filter((tax) => tax.documentId === documentId) };
}

/**
 * The use cases every document kind shares (customer, number, lines, copy, delete, audit), made
 * once per kind from its adapter. `attachments` is null for kinds without attachments.
 */
export function createDocumentCore<Row extends DocumentRowBase>(app: AppContext, attachments: { port: DocumentAttachments; model: DocumentModel } | null, adapter: DocumentAdapter<Row>) {
  const { kind } = adapter;
  const today = (settings: ResolvedBusinessSettings) => todayInTimeZone(app.clock.now(), settings.time_zone);

  /** Runs a write and turns a lost race on a number's unique key into the spec's message. */
  const write = <T>(scope: BusinessScope, work: (tx: Tx) => Promise<T>) => refusingTaken(adapter.takenKeys, () => inTenant(app.db, scope.tenantId, work));

  /** The business's own document, locked for the change unless `lock` is false; else a 404. */
  async function ownOrFail(tx: Tx, scope: BusinessScope, id: string, lock = true): Promise<Row> {
    const row = await adapter.findOwn(tx, scope, id, lock);
    if (!row) throw AppError.notFound();
    return row;
  }

  /** A customer of the business; an archived one only where the document already has it. */
  async function customerFor(tx: Tx, scope: BusinessScope, customerId: string, allowArchived: boolean) {
    const customer = await documents.findCustomer(tx, scope, customerId);
    if (!customer || (customer.archivedAt && !allowArchived)) throw AppError.validation('customer_id', messages.invalidCustomer);
    return customer;
  }

  /** Refuses a typed number another document of the business has (before a create stores its rows). */
  async function refuseTakenNumber(tx: Tx, scope: BusinessScope, typed: string | null | undefined): Promise<void> {
    if (typed && (await adapter.numberTaken(tx, scope, typed))) throw AppError.validation(adapter.numberField, adapter.numberTakenMessage);
  }

  /** The number of a new document: as typed (if free), else the next one of the series. */
  async function numberFor(tx: Tx, scope: BusinessScope, settings: ResolvedBusinessSettings, typed: string | null | undefined, date: string, customerId: string | null): Promise<AllocatedNumber> {
    const config = numberingConfig(settings, kind);
    if (typed) {
      await refuseTakenNumber(tx, scope, typed);
      return claimTypedNumber(tx, scope, kind, config, date, customerId, typed);
    }
    return allocateNumber(tx, scope, kind, config, date, customerId, (number) => adapter.numberTaken(tx, scope, number));
  }

  /**
   * Numbers a document stored with its typed number, or a placeholder, as the last step before
   * commit, so the sequence rows are locked only for the commit. `assign` writes the number onto
   * the row unless another document has it (undefined: the next one is tried). A typed number the
   * sequence did not produce needs no write: the row is answered as stored (undefined).
   */
  async function numberLast(
    tx: Tx,
    scope: BusinessScope,
    settings: ResolvedBusinessSettings,
    typed: string | null | undefined,
    date: string,
    customerId: string | null,
    assign: (numbered: AllocatedNumber) => Promise<Row | undefined>,
  ): Promise<Row | undefined> {
    const config = numberingConfig(settings, kind);
    if (!typed) return allocateNumberInto(tx, scope, kind, config, date, customerId, assign);
    const claimed = await claimTypedNumber(tx, scope, kind, config, date, customerId, typed);
    if (claimed.sequence === null) return undefined;
    const numbered = await assign(claimed);
    if (!numbered) throw AppError.validation(adapter.numberField, adapter.numberTakenMessage);
    return numbered;
  }

  /** A number typed on an edit: null when it stays, else the new one (refused when another document has it). */
  async function changedNumber(tx: Tx, scope: BusinessScope, id: string, current: string, typed: string | null | undefined): Promise<string | null> {
    if (!typed || typed === current) return null;
    if (await adapter.numberTaken(tx, scope, typed, id)) throw AppError.validation(adapter.numberField, adapter.numberTakenMessage);
    return typed;
  }

  /** The request fields that recreate a stored document (clone, conversion, a recurring run). */
  async function copyRequest(tx: Tx, tenantId: string, source: CopiedDocument & { id: string }) {
    const lines = await lineStore.loadLines(tx, kind, tenantId, [source.id]);
    return copiedRequest(source, lines.items, lines.taxes, (tax) => tax.lineId);
  }

  const audit = {
    created: (tx: Tx, actor: AuditActor, row: Row) => recordAudit(tx, actor, { model: kind, modelId: row.id, action: 'created', after: adapter.auditView(row) }),
    createdMany: (tx: Tx, actor: AuditActor, rows: readonly Row[]) => recordAudits(tx, actor, rows.map((row) => ({ model: kind, modelId: row.id, action: 'created' as const, after: adapter.auditView(row) }))),
    updated: (tx: Tx, actor: AuditActor, before: Row, after: Row, note?: Record<string, unknown>) =>
      recordAudit(tx, actor, { model: kind, modelId: before.id, action: 'updated', before: adapter.auditView(before), after: note ? { ...adapter.auditView(after), ...note } : adapter.auditView(after) }),
    deleted: (tx: Tx, actor: AuditActor, row: Row) => recordAudit(tx, actor, { model: kind, modelId: row.id, action: 'deleted', before: adapter.auditView(row) }),
  };

  /**
   * Deletes documents of the business in the caller's transaction (all or none, each checked
   * first), their attachments and lines; `purge` removes the attachments' files, after commit.
   */
  async function removeInTx(tx: Tx, actor: AuditActor, scope: BusinessScope, ids: readonly string[], check: (tx: Tx, rows: Row[]) => Promise<void>): Promise<{ count: number; purge: () => Promise<void> }> {
    const rows = await adapter.findOwnMany(tx, scope, ids);
    if (rows.length !== new Set(ids).size) throw AppError.notFound();
    await check(tx, rows);
    const documentIds = rows.map((row) => row.id);
    const files = attachments ? await attachments.port.removeAll(tx, scope, attachments.model, documentIds) : [];
    await adapter.deleteMany(tx, scope, documentIds);
    for (const row of rows) await audit.deleted(tx, actor, row);
    return { count: rows.length, purge: async () => attachments?.port.purge(files) };
  }

  /** `removeInTx` in a transaction of its own; the files go after commit. */
  async function remove(actor: AuditActor, scope: BusinessScope, ids: readonly string[], check: (tx: Tx, rows: Row[]) => Promise<void>): Promise<number> {
    const removed = await inTenant(app.db, scope.tenantId, (tx) => removeInTx(tx, actor, scope, ids, check));
    await removed.purge();
    return removed.count;
  }

  /** The issuing businesses of rows, loaded once each within one transaction. */
  function businessCache(tx: Tx, tenantId: string, known: readonly [string, DocumentBusiness][] = []) {
    const loaded = new Map<string, DocumentBusiness>(known);
    return async (businessId: string) => {
      const business = loaded.get(businessId) ?? (await loadDocumentBusiness(tx, tenantId, businessId));
      loaded.set(businessId, business);
      return business;
    };
  }

  return {
    kind,
    today,
    write,
    findOwn: adapter.findOwn,
    ownOrFail,
    customerFor,
    numberFor,
    refuseTakenNumber,
    numberLast,
    changedNumber,
    copyRequest,
    audit,
    remove,
    removeInTx,
    businessCache,
    businessNames: documents.businessNames,
    customersByIds: (tx: Tx, tenantId: string, ids: readonly string[]) => documents.findCustomersByIds(tx, tenantId, [...new Set(ids)]),
    /** The customers a list search matches (by name, display name or email). */
    customerIdsMatching: (tx: Tx, scope: BusinessScope, pattern: string) => documents.customerIdsMatching(tx, scope, pattern, CUSTOMER_SEARCH_LIMIT),
    loadLines: (tx: Tx, tenantId: string, documentIds: readonly string[]): Promise<DocumentLines> => lineStore.loadLines(tx, kind, tenantId, documentIds),
    insertLines: (tx: Tx, scope: BusinessScope, documentId: string, priced: PricedDocument) => lineStore.insertLines(tx, kind, scope, documentId, priced.lines, priced.taxes),
    insertLinesOfMany: (tx: Tx, scope: BusinessScope, documents: readonly { documentId: string; priced: PricedDocument }[]) =>
      lineStore.insertLinesOfMany(tx, kind, scope, documents.map(({ documentId, priced }) => ({ documentId, lines: priced.lines, taxes: priced.taxes }))),
    /** Whether a typed number among these is the series' next (each must then be claimed in turn, as `numberLast` does). */
    anyTypedIsNext: (tx: Tx, scope: BusinessScope, settings: ResolvedBusinessSettings, entries: readonly { typed: string; date: string; customerId: string | null }[]) =>
      anyTypedIsNext(tx, scope, kind, numberingConfig(settings, kind), entries),
    replaceLines: (tx: Tx, scope: BusinessScope, documentId: string, priced: PricedDocument) => lineStore.replaceLines(tx, kind, scope, documentId, priced.lines, priced.taxes),
  };
}

export type DocumentCore<Row extends DocumentRowBase> = ReturnType<typeof createDocumentCore<Row>>;

/** Usage checks for the catalogue: items and tax types on documents of a kind cannot be deleted. */
export const itemsUsedBy = (kind: lineStore.LineKind) => (tx: Tx, scope: BusinessScope, ids: readonly string[]) => lineStore.itemsUsedOnLines(tx, kind, scope, ids);
export const taxTypesUsedBy = (kind: lineStore.LineKind) => (tx: Tx, scope: BusinessScope, ids: readonly string[]) => lineStore.taxTypesUsedOnLines(tx, kind, scope, ids);
