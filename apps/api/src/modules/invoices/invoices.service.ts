import {
  type AttachmentResource,
  type InvoiceListQuery,
  type InvoicePayload,
  type InvoiceResource,
  type InvoiceStats,
  type ResolvedBusinessSettings,
  currencyById,
  decimalToMinorUnits,
  invoiceListQuerySchema,
  invoiceRequestSchema,
  listMeta,
  messages,
} from '@app/contracts';
import { type InvoiceAction, addDays, invoiceTransition, paidStatusOf, todayInTimeZone } from '@app/domain';
import { inTenant } from '../../db/tenant-tx';
import type { Tx } from '../../db/client';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, recordAudit } from '../../platform/audit';
import { type BusinessScope, type UsageCheck, containsPattern, pageOffset } from '../../platform/business-scope';
import { newId } from '../../platform/crypto';
import { AppError, refusingTaken } from '../../platform/errors';
import * as documents from '../documents/documents.repository';
import { type DocumentBusiness, chooseTemplate, loadDocumentBusiness } from '../documents/document-business';
import { copiedRequest } from '../documents/document-resource';
import { allocateNumber, claimTypedNumber, numberingConfig } from '../documents/numbering';
import { priceDocument } from '../documents/pricing';
import type { DocumentAttachments } from '../documents/document-attachments';
import { type ResourceContext, editLocked, invoiceState, toInvoiceListItem, toInvoiceResource } from './invoice-resource';
import { rateFor } from '../exchange-rates/exchange-rates.service';
import * as figures from './invoice-figures';
import * as repo from './invoices.repository';
import { invoicesClaimedByCustomers } from '../payments/payments.service';

const NUMBER_CONSTRAINT = 'invoices_business_number_unique';
/** A customer search matches at most this many customers; the list then filters on their ids. */
const CUSTOMER_SEARCH_LIMIT = 500;

/** `total` is decimal text ('1250.00'), read at the precision of the customer's currency. */
export type UploadedInvoiceInput = { customer_id: string; invoice_number: string | null; invoice_date: string; due_date: string | null; total: string };

function auditView(row: repo.InvoiceRow) {
  return { invoice_number: row.invoiceNumber, customer_id: row.customerId, status: row.status, invoice_date: row.invoiceDate, due_date: row.dueDate, total: row.total };
}

/** Invoices a business issues (outgoing) and receives from its vendors (incoming). */
export function createInvoiceService(app: AppContext, attachments: DocumentAttachments) {
  const today = (settings: ResolvedBusinessSettings) => todayInTimeZone(app.clock.now(), settings.time_zone);

  async function resources(tx: Tx, scope: BusinessScope, rows: repo.InvoiceRow[], withLines: boolean): Promise<InvoiceResource[]> {
    const customers = new Map((await documents.findCustomersByIds(tx, scope.tenantId, [...new Set(rows.map((row) => row.customerId))])).map((row) => [row.id, row]));
    const names = await documents.businessNames(tx, scope.tenantId, [...new Set(rows.map((row) => row.businessId))]);
    const lines = withLines ? await repo.loadLines(tx, scope.tenantId, rows.map((row) => row.id)) : { items: [], taxes: [] };
    const files = new Map<string, AttachmentResource[]>();
    if (withLines) {
      for (const owner of new Set(rows.map((row) => row.businessId))) {
        const found = await attachments.list(tx, { tenantId: scope.tenantId, businessId: owner }, 'invoice', rows.filter((row) => row.businessId === owner).map((row) => row.id));
        for (const [id, list] of found) files.set(id, list);
      }
    }
    const contexts = new Map<string, DocumentBusiness>();
    const result: InvoiceResource[] = [];
    for (const row of rows) {
      const owner = contexts.get(row.businessId) ?? (await loadDocumentBusiness(tx, scope.tenantId, row.businessId));
      contexts.set(row.businessId, owner);
      const context: ResourceContext = {
        direction: row.businessId === scope.businessId ? 'outgoing' : 'incoming',
        today: today(owner.settings),
        businessName: names.get(row.businessId) ?? '',
        customer: customers.get(row.customerId),
        editLocked: editLocked(row, owner.settings.retrospective_edits),
      };
      result.push(
        toInvoiceResource(
          row,
          context,
          { items: lines.items.filter((item) => item.invoiceId === row.id), taxes: lines.taxes.filter((tax) => tax.invoiceId === row.id) },
          files.get(row.id) ?? [],
        ),
      );
    }
    return result;
  }

  async function resource(tx: Tx, scope: BusinessScope, row: repo.InvoiceRow): Promise<InvoiceResource> {
    const [one] = await resources(tx, scope, [row], true);
    if (!one) throw new Error('Invoice resource missing');
    return one;
  }

  async function customerFor(tx: Tx, scope: BusinessScope, customerId: string, allowArchived: boolean) {
    const customer = await documents.findCustomer(tx, scope, customerId);
    if (!customer || (customer.archivedAt && !allowArchived)) throw AppError.validation('customer_id', messages.invalidCustomer);
    return customer;
  }

  function checkDates(invoiceDate: string, dueDate: string | null) {
    if (dueDate && dueDate < invoiceDate) throw AppError.validation('due_date', messages.dueBeforeInvoiceDate);
  }

  async function numberFor(tx: Tx, scope: BusinessScope, settings: ResolvedBusinessSettings, typed: string | null | undefined, date: string, customerId: string) {
    const config = numberingConfig(settings, 'invoice');
    if (typed) {
      if (await repo.invoiceNumberTaken(tx, scope, typed)) throw AppError.validation('invoice_number', messages.invoiceNumberTaken);
      return claimTypedNumber(tx, scope, 'invoice', config, date, customerId, typed);
    }
    return allocateNumber(tx, scope, 'invoice', config, date, customerId, (number) => repo.invoiceNumberTaken(tx, scope, number));
  }

  async function createInTx(tx: Tx, actor: AuditActor, scope: BusinessScope, payload: InvoicePayload, origin: { source: repo.InvoiceRow['source']; status: 'draft' | 'open'; estimateId?: string; recurringInvoiceId?: string }) {
    const { settings } = await loadDocumentBusiness(tx, scope.tenantId, scope.businessId);
    const customer = await customerFor(tx, scope, payload.customer_id, false);
    const priced = await priceDocument(tx, scope, payload, settings, customer.currencyId);
    const dueDate = payload.due_date ?? (settings.invoice_set_due_date_automatically ? addDays(payload.invoice_date, settings.invoice_due_date_days) : null);
    checkDates(payload.invoice_date, dueDate);
    const templateName = await chooseTemplate(tx, actor, 'invoice', payload.template_name);
    const exchangeRate = await rateFor(tx, scope, customer.currencyId);
    // Last before the inserts: the sequence row stays locked until commit and queues other creates.
    const numbered = await numberFor(tx, scope, settings, payload.invoice_number, payload.invoice_date, customer.id);
    const id = newId();
    const row = await repo.insertInvoice(tx, {
      tenantId: scope.tenantId,
      id,
      businessId: scope.businessId,
      customerId: customer.id,
      customerBusinessId: customer.counterpartyBusinessId,
      invoiceNumber: numbered.number,
      sequenceNumber: numbered.sequence,
      customerSequenceNumber: numbered.customerSequence,
      invoiceDate: payload.invoice_date,
      dueDate,
      status: origin.status,
      currencyId: customer.currencyId,
      exchangeRate,
      templateName,
      notes: payload.notes ?? null,
      taxPerItemEnabled: priced.taxPerItemEnabled,
      discountPerItemEnabled: priced.discountPerItemEnabled,
      discountType: priced.discountType,
      discount: priced.discount,
      discountVal: priced.totals.discount_val,
      subTotal: priced.totals.sub_total,
      tax: priced.totals.tax,
      total: priced.totals.total,
      dueAmount: priced.totals.total,
      source: origin.source,
      estimateId: origin.estimateId ?? null,
      recurringInvoiceId: origin.recurringInvoiceId ?? null,
      createdByUserId: actor.userId,
    });
    await repo.insertLines(tx, scope, id, priced.lines, priced.taxes);
    await recordAudit(tx, actor, { model: 'invoice', modelId: id, action: 'created', after: auditView(row) });
    return row;
  }

  /** Runs a write and turns a lost race on the number's unique key into the spec's message. */
  const write = <T>(scope: BusinessScope, work: (tx: Tx) => Promise<T>) =>
    refusingTaken({ [NUMBER_CONSTRAINT]: { field: 'invoice_number', message: messages.invoiceNumberTaken } }, () => inTenant(app.db, scope.tenantId, work));

  async function ownOrFail(tx: Tx, scope: BusinessScope, id: string) {
    const row = await repo.findOwnInvoice(tx, scope, id, true);
    if (!row) throw AppError.notFound();
    return row;
  }

  /** `get` inside the caller's transaction (the recurring generator sends the invoice it has just made). */
  async function getInTx(tx: Tx, scope: BusinessScope, id: string): Promise<InvoiceResource> {
    const row = (await repo.findOwnInvoice(tx, scope, id)) ?? (await repo.findAddressedInvoice(tx, scope, id));
    if (!row) throw AppError.notFound();
    return resource(tx, scope, row);
  }

  function allowed(row: repo.InvoiceRow, action: InvoiceAction) {
    const result = invoiceTransition(invoiceState(row), action);
    if (!result.ok) throw AppError.validation('status', result.message);
    return result.status;
  }

  /** One status change of an invoice the business issued (or, for approve/reject, received), in the caller's transaction. */
  async function transitionInTx(tx: Tx, actor: AuditActor, scope: BusinessScope, id: string, action: InvoiceAction, side: 'own' | 'addressed', extra: (row: repo.InvoiceRow) => Partial<repo.InvoiceInsert> = () => ({}), note: Record<string, unknown> = {}) {
    const row = side === 'own' ? await repo.findOwnInvoice(tx, scope, id, true) : await repo.findAddressedInvoice(tx, scope, id, true);
    if (!row) throw AppError.notFound();
    const status = allowed(row, action);
    const updated = await repo.updateInvoice(tx, scope.tenantId, id, { status, ...extra(row) });
    await recordAudit(tx, actor, { model: 'invoice', modelId: id, action: 'updated', before: auditView(row), after: { ...auditView(updated), event: action, ...note } });
    return resource(tx, scope, updated);
  }

  function transition(actor: AuditActor, scope: BusinessScope, id: string, action: InvoiceAction, side: 'own' | 'addressed', extra?: (row: repo.InvoiceRow) => Partial<repo.InvoiceInsert>, note?: Record<string, unknown>) {
    return inTenant(app.db, scope.tenantId, (tx) => transitionInTx(tx, actor, scope, id, action, side, extra, note));
  }

  return {
    async list(scope: BusinessScope, input: InvoiceListQuery) {
      const query = invoiceListQuerySchema.parse(input);
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const own = await loadDocumentBusiness(tx, scope.tenantId, scope.businessId);
        const { settings } = own;
        const search = containsPattern(query.search);
        const filters: repo.InvoiceListFilters = {
          direction: query.type,
          tab: query.tab_status === 'draft' && query.type === 'incoming' ? 'all' : query.tab_status,
          status: query.status,
          paidStatus: query.paid_status,
          customerIds: query.customer_id ? [query.customer_id] : search && query.type === 'outgoing' ? await documents.customerIdsMatching(tx, scope, search, CUSTOMER_SEARCH_LIMIT) : undefined,
          numberPattern: containsPattern(query.invoice_number),
          fromDate: query.from_date,
          toDate: query.to_date,
          today: today(settings),
        };
        const order: repo.InvoiceOrder = { field: query.orderByField ?? 'invoice_date', direction: query.orderBy ?? 'desc' };
        const rows = await repo.listInvoices(tx, scope, filters, order, pageOffset(query.page, query.limit), query.limit);
        const directionTotal = await repo.countByDirection(tx, scope, query.type);
        const total = repo.filtersOnlyDirection(filters) ? directionTotal : await repo.countInvoices(tx, scope, filters);
        const contexts = new Map<string, DocumentBusiness>([[scope.businessId, own]]);
        const data = [];
        for (const row of rows) {
          const owner = contexts.get(row.invoice.businessId) ?? (await loadDocumentBusiness(tx, scope.tenantId, row.invoice.businessId));
          contexts.set(row.invoice.businessId, owner);
          data.push(
            toInvoiceListItem(row.invoice, {
              direction: query.type,
              today: today(owner.settings),
              businessName: row.businessName,
              customer: row.customer ?? undefined,
              editLocked: editLocked(row.invoice, owner.settings.retrospective_edits),
            }),
          );
        }
        return {
          data,
          meta: { ...listMeta(query.page, query.limit, total), invoice_total_count: directionTotal },
        };
      });
    },

    /** The list's four figures, in the business currency by the dashboard's conversion (so they match its cards). */
    async stats(scope: BusinessScope, direction: 'outgoing' | 'incoming'): Promise<InvoiceStats> {
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const business = await loadDocumentBusiness(tx, scope.tenantId, scope.businessId);
        return figures.invoiceStats(tx, scope, business, direction, today(business.settings));
      });
    },

    async approvedAmount(scope: BusinessScope): Promise<number> {
      return inTenant(app.db, scope.tenantId, async (tx) => figures.approvedAmount(tx, scope, await loadDocumentBusiness(tx, scope.tenantId, scope.businessId)));
    },

    /** The business's own invoice, or one addressed to it (never another's draft). */
    async get(scope: BusinessScope, id: string): Promise<InvoiceResource> {
      return inTenant(app.db, scope.tenantId, (tx) => getInTx(tx, scope, id));
    },

    getInTx,

    async create(actor: AuditActor, scope: BusinessScope, input: unknown): Promise<InvoiceResource> {
      const payload = invoiceRequestSchema.parse(input);
      // Read back after commit, so the number sequence is not held while the response is built.
      const row = await write(scope, (tx) => createInTx(tx, actor, scope, payload, { source: 'app', status: 'draft' }));
      return inTenant(app.db, scope.tenantId, (tx) => resource(tx, scope, row));
    },

    createInTx,

    /** An invoice issued elsewhere and uploaded: one line for its total, no tax, already open. */
    async createUploadedInTx(tx: Tx, actor: AuditActor, scope: BusinessScope, input: UploadedInvoiceInput): Promise<InvoiceResource> {
      const customer = await customerFor(tx, scope, input.customer_id, false);
      const total = decimalToMinorUnits(input.total, currencyById(customer.currencyId)?.precision ?? 2);
      if (!total.ok) throw AppError.validation('total', messages.invalidTotal);
      const payload = invoiceRequestSchema.parse({
        customer_id: input.customer_id,
        invoice_number: input.invoice_number,
        invoice_date: input.invoice_date,
        due_date: input.due_date,
        tax_per_item_enabled: false,
        discount_per_item_enabled: false,
        items: [{ name: 'Uploaded invoice', quantity: '1', price: total.minor }],
      });
      return resource(tx, scope, await createInTx(tx, actor, scope, payload, { source: 'upload', status: 'open' }));
    },

    async update(actor: AuditActor, scope: BusinessScope, id: string, input: unknown): Promise<InvoiceResource> {
      const payload = invoiceRequestSchema.parse(input);
      const updated = await write(scope, async (tx) => {
        const before = await ownOrFail(tx, scope, id);
        const { settings } = await loadDocumentBusiness(tx, scope.tenantId, scope.businessId);
        if (editLocked(before, settings.retrospective_edits)) throw AppError.validation('status', messages.retrospectiveEditLocked);
        const status = allowed(before, 'edit');
        // A payment the customer recorded (a claim) names this invoice too: the customer stays.
        const paidOrClaimed = before.amountPaid > 0 || (await invoicesClaimedByCustomers(tx, scope, [id])).size > 0;
        if (payload.customer_id !== before.customerId && paidOrClaimed) throw AppError.validation('customer_id', messages.customerLockedByPayment);
        const customer = await customerFor(tx, scope, payload.customer_id, payload.customer_id === before.customerId);
        const priced = await priceDocument(tx, scope, payload, settings, customer.currencyId);
        if (priced.totals.total < before.amountPaid) throw AppError.validation('total', messages.totalBelowPaid);
        checkDates(payload.invoice_date, payload.due_date ?? null);
        let number: { invoiceNumber?: string; sequenceNumber?: number | null; customerSequenceNumber?: number | null } = {};
        if (payload.invoice_number && payload.invoice_number !== before.invoiceNumber) {
          if (await repo.invoiceNumberTaken(tx, scope, payload.invoice_number, id)) throw AppError.validation('invoice_number', messages.invoiceNumberTaken);
          number = { invoiceNumber: payload.invoice_number, sequenceNumber: null, customerSequenceNumber: null };
        }
        const updated = await repo.updateInvoice(tx, scope.tenantId, id, {
          ...number,
          status,
          customerId: customer.id,
          customerBusinessId: customer.counterpartyBusinessId,
          currencyId: customer.currencyId,
          exchangeRate: customer.currencyId === before.currencyId ? before.exchangeRate : await rateFor(tx, scope, customer.currencyId),
          invoiceDate: payload.invoice_date,
          dueDate: payload.due_date ?? null,
          templateName: payload.template_name ? await chooseTemplate(tx, actor, 'invoice', payload.template_name) : before.templateName,
          notes: payload.notes ?? null,
          taxPerItemEnabled: priced.taxPerItemEnabled,
          discountPerItemEnabled: priced.discountPerItemEnabled,
          discountType: priced.discountType,
          discount: priced.discount,
          discountVal: priced.totals.discount_val,
          subTotal: priced.totals.sub_total,
          tax: priced.totals.tax,
          total: priced.totals.total,
          dueAmount: priced.totals.total - before.amountPaid,
          paidStatus: paidStatusOf(priced.totals.total, before.amountPaid),
        });
        await repo.replaceLines(tx, scope, id, priced.lines, priced.taxes);
        const removedFiles = payload.removeAttachmentIds?.length ? await attachments.remove(tx, scope, 'invoice', id, payload.removeAttachmentIds) : [];
        await recordAudit(tx, actor, { model: 'invoice', modelId: id, action: 'updated', before: auditView(before), after: auditView(updated) });
        return { invoice: await resource(tx, scope, updated), removedFiles };
      });
      await attachments.purge(updated.removedFiles);
      return updated.invoice;
    },

    async remove(actor: AuditActor, scope: BusinessScope, ids: readonly string[]): Promise<number> {
      const removed = await inTenant(app.db, scope.tenantId, async (tx) => {
        const rows = await repo.findOwnInvoices(tx, scope, ids);
        if (rows.length !== new Set(ids).size) throw AppError.notFound();
        for (const row of rows) {
          if (row.amountPaid > 0) throw AppError.validation('ids', messages.invoiceHasPayments);
          allowed(row, 'delete');
        }
        if ((await invoicesClaimedByCustomers(tx, scope, ids)).size > 0) throw AppError.validation('ids', messages.invoiceHasPaymentClaims);
        const files = await attachments.removeAll(tx, scope, 'invoice', rows.map((row) => row.id));
        await repo.deleteInvoices(tx, scope, rows.map((row) => row.id));
        for (const row of rows) await recordAudit(tx, actor, { model: 'invoice', modelId: row.id, action: 'deleted', before: auditView(row) });
        return { count: rows.length, files };
      });
      await attachments.purge(removed.files);
      return removed.count;
    },

    async clone(actor: AuditActor, scope: BusinessScope, id: string): Promise<InvoiceResource> {
      return write(scope, async (tx) => {
        const source = await repo.findOwnInvoice(tx, scope, id);
        if (!source) throw AppError.notFound();
        const { settings } = await loadDocumentBusiness(tx, scope.tenantId, scope.businessId);
        const lines = await repo.loadLines(tx, scope.tenantId, [id]);
        const payload = invoiceRequestSchema.parse({
          ...copiedRequest(source, lines.items, lines.taxes, (tax) => tax.invoiceItemId),
          template_name: source.templateName,
          invoice_date: today(settings),
        });
        return resource(tx, scope, await createInTx(tx, actor, scope, payload, { source: 'app', status: 'draft' }));
      });
    },

    finalize: (actor: AuditActor, scope: BusinessScope, id: string) => transition(actor, scope, id, 'finalize', 'own'),
    void: (actor: AuditActor, scope: BusinessScope, id: string) => transition(actor, scope, id, 'void', 'own'),
    markSent: (actor: AuditActor, scope: BusinessScope, id: string) => transition(actor, scope, id, 'mark_sent', 'own', (row) => ({ sentAt: row.sentAt ?? app.clock.now() })),
    /** markSent inside the caller's transaction (a recurring invoice marks the invoices it made). */
    markSentInTx: (tx: Tx, actor: AuditActor, scope: BusinessScope, id: string) => transitionInTx(tx, actor, scope, id, 'mark_sent', 'own', (row) => ({ sentAt: row.sentAt ?? app.clock.now() })),
    adminApprove: (actor: AuditActor, scope: BusinessScope, id: string) => transition(actor, scope, id, 'admin_approve', 'own', () => ({ approvedAt: app.clock.now() })),
    approve: (actor: AuditActor, scope: BusinessScope, id: string) => transition(actor, scope, id, 'approve', 'addressed', () => ({ approvedAt: app.clock.now(), rejectedAt: null })),
    reject: (actor: AuditActor, scope: BusinessScope, id: string, reason: string | null) => transition(actor, scope, id, 'reject', 'addressed', () => ({ rejectedAt: app.clock.now() }), { reason }),

    async updateDueDate(actor: AuditActor, scope: BusinessScope, id: string, dueDate: string): Promise<InvoiceResource> {
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const row = await ownOrFail(tx, scope, id);
        allowed(row, 'update_due_date');
        checkDates(row.invoiceDate, dueDate);
        const updated = await repo.updateInvoice(tx, scope.tenantId, id, { dueDate });
        await recordAudit(tx, actor, { model: 'invoice', modelId: id, action: 'updated', before: auditView(row), after: { ...auditView(updated), event: 'update_due_date' } });
        return resource(tx, scope, updated);
      });
    },

    /** The invoice was mailed to its customer (the 'send' action: draft/open become sent, a resend keeps the status). */
    recordSent: (actor: AuditActor, scope: BusinessScope, id: string) => transition(actor, scope, id, 'send', 'own', (row) => ({ sentAt: row.sentAt ?? app.clock.now() })),
    /** recordSent inside the caller's transaction: the delivery module writes the link and the mail in the same one. */
    recordSentInTx: (tx: Tx, actor: AuditActor, scope: BusinessScope, id: string) => transitionInTx(tx, actor, scope, id, 'send', 'own', (row) => ({ sentAt: row.sentAt ?? app.clock.now() })),

    /** For a public link (the token already proved access): the invoice as its customer sees it. */
    async getForRecipient(tenantId: string, id: string): Promise<InvoiceResource | null> {
      return inTenant(app.db, tenantId, async (tx) => {
        const row = await repo.findInvoiceInTenant(tx, tenantId, id);
        if (!row || row.status === 'draft') return null;
        return resource(tx, { tenantId, businessId: row.customerBusinessId }, row);
      });
    },

    /** The customer opened the public page: the first time an open or sent invoice becomes viewed. */
    async markViewed(tenantId: string, id: string): Promise<void> {
      await inTenant(app.db, tenantId, async (tx) => {
        const row = await repo.findInvoiceInTenant(tx, tenantId, id, true);
        if (!row || row.viewedAt) return;
        const result = invoiceTransition(invoiceState(row), 'mark_viewed');
        const updated = await repo.updateInvoice(tx, tenantId, id, { viewedAt: app.clock.now(), ...(result.ok ? { status: result.status } : {}) });
        await recordAudit(tx, { tenantId, userId: null, businessId: row.businessId, ip: null }, { model: 'invoice', modelId: id, action: 'updated', before: auditView(row), after: { ...auditView(updated), event: 'viewed' } });
      });
    },

    resource,
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;

/** How many invoices the business issued and received (bootstrap shows both). */
export async function invoiceDirectionCounts(tx: Tx, scope: BusinessScope): Promise<{ outgoing: number; incoming: number }> {
  return { outgoing: await repo.countByDirection(tx, scope, 'outgoing'), incoming: await repo.countByDirection(tx, scope, 'incoming') };
}

/** Catalogue items and tax types on invoices cannot be deleted. */
export const invoiceItemUsage: UsageCheck = repo.itemsUsedByInvoices;
export const invoiceTaxTypeUsage: UsageCheck = repo.taxTypesUsedByInvoices;
