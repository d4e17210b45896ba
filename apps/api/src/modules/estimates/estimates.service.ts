import {
  type AttachmentResource,
  type EstimateListQuery,
  type EstimatePayload,
  type EstimateResource,
  type InvoiceResource,
  type ResolvedBusinessSettings,
  estimateListQuerySchema,
  estimateRequestSchema,
  invoiceRequestSchema,
  listMeta,
  messages,
} from '@app/contracts';
import { type EstimateAction, addDays, estimateTransition, todayInTimeZone } from '@app/domain';
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
import type { InvoiceService } from '../invoices/invoices.service';
import { expireDueEstimates } from './estimate-expiry';
import { effectiveStatus, estimateAuditView as auditView, toEstimateListItem, toEstimateResource } from './estimate-resource';
import * as repo from './estimates.repository';

const NUMBER_CONSTRAINT = 'estimates_business_number_unique';
const INVOICE_NUMBER_CONSTRAINT = 'invoices_business_number_unique';
/** A customer search matches at most this many customers; the list then filters on their ids. */
const CUSTOMER_SEARCH_LIMIT = 500;

/** Which business looks at the estimate, and how it finds it. */
type Side = 'own' | 'addressed';

/** Estimates a business issues (outgoing) and receives from its vendors (incoming). */
export function createEstimateService(app: AppContext, attachments: DocumentAttachments, invoices: Pick<InvoiceService, 'createInTx' | 'resource'>) {
  const today = (settings: ResolvedBusinessSettings) => todayInTimeZone(app.clock.now(), settings.time_zone);

  /** The issuing businesses of the rows, loaded once each. */
  function businessCache(tx: Tx, tenantId: string) {
    const loaded = new Map<string, DocumentBusiness>();
    return async (businessId: string) => {
      const known = loaded.get(businessId) ?? (await loadDocumentBusiness(tx, tenantId, businessId));
      loaded.set(businessId, known);
      return known;
    };
  }

  async function resources(tx: Tx, scope: BusinessScope, rows: repo.EstimateRow[]): Promise<EstimateResource[]> {
    const customers = new Map((await documents.findCustomersByIds(tx, scope.tenantId, [...new Set(rows.map((row) => row.customerId))])).map((row) => [row.id, row]));
    const lines = await repo.loadLines(tx, scope.tenantId, rows.map((row) => row.id));
    const files = new Map<string, AttachmentResource[]>();
    for (const owner of new Set(rows.map((row) => row.businessId))) {
      const found = await attachments.list(tx, { tenantId: scope.tenantId, businessId: owner }, 'estimate', rows.filter((row) => row.businessId === owner).map((row) => row.id));
      for (const [id, list] of found) files.set(id, list);
    }
    const businessOf = businessCache(tx, scope.tenantId);
    const result: EstimateResource[] = [];
    for (const row of rows) {
      const owner = await businessOf(row.businessId);
      const context = { direction: row.businessId === scope.businessId ? ('outgoing' as const) : ('incoming' as const), today: today(owner.settings), businessName: owner.name, customer: customers.get(row.customerId) };
      const own = { items: lines.items.filter((item) => item.estimateId === row.id), taxes: lines.taxes.filter((tax) => tax.estimateId === row.id) };
      result.push(toEstimateResource(row, context, own, files.get(row.id) ?? []));
    }
    return result;
  }

  async function resource(tx: Tx, scope: BusinessScope, row: repo.EstimateRow): Promise<EstimateResource> {
    const [one] = await resources(tx, scope, [row]);
    if (!one) throw new Error('Estimate resource missing');
    return one;
  }

  /** `get` inside the caller's transaction (the delivery core reads what it sends there). */
  async function getInTx(tx: Tx, scope: BusinessScope, id: string): Promise<EstimateResource> {
    const row = (await repo.findOwnEstimate(tx, scope, id)) ?? (await repo.findAddressedEstimate(tx, scope, id));
    if (!row) throw AppError.notFound();
    return resource(tx, scope, row);
  }

  async function customerFor(tx: Tx, scope: BusinessScope, customerId: string, allowArchived: boolean) {
    const customer = await documents.findCustomer(tx, scope, customerId);
    if (!customer || (customer.archivedAt && !allowArchived)) throw AppError.validation('customer_id', messages.invalidCustomer);
    return customer;
  }

  function checkDates(estimateDate: string, expiryDate: string | null) {
    if (expiryDate && expiryDate < estimateDate) throw AppError.validation('expiry_date', messages.expiryBeforeEstimateDate);
  }

  async function numberFor(tx: Tx, scope: BusinessScope, settings: ResolvedBusinessSettings, typed: string | null | undefined, date: string, customerId: string) {
    const config = numberingConfig(settings, 'estimate');
    if (typed) {
      if (await repo.estimateNumberTaken(tx, scope, typed)) throw AppError.validation('estimate_number', messages.estimateNumberTaken);
      return claimTypedNumber(tx, scope, 'estimate', config, date, customerId, typed);
    }
    return allocateNumber(tx, scope, 'estimate', config, date, customerId, (number) => repo.estimateNumberTaken(tx, scope, number));
  }

  async function createInTx(tx: Tx, actor: AuditActor, scope: BusinessScope, payload: EstimatePayload): Promise<repo.EstimateRow> {
    const { settings } = await loadDocumentBusiness(tx, scope.tenantId, scope.businessId);
    const customer = await customerFor(tx, scope, payload.customer_id, false);
    const priced = await priceDocument(tx, scope, payload, settings, customer.currencyId);
    const expiryDate = payload.expiry_date ?? (settings.estimate_set_expiry_date_automatically ? addDays(payload.estimate_date, settings.estimate_expiry_date_days) : null);
    checkDates(payload.estimate_date, expiryDate);
    const numbered = await numberFor(tx, scope, settings, payload.estimate_number, payload.estimate_date, customer.id);
    const id = newId();
    const row = await repo.insertEstimate(tx, {
      tenantId: scope.tenantId,
      id,
      businessId: scope.businessId,
      customerId: customer.id,
      customerBusinessId: customer.counterpartyBusinessId,
      estimateNumber: numbered.number,
      sequenceNumber: numbered.sequence,
      customerSequenceNumber: numbered.customerSequence,
      referenceNumber: payload.reference_number ?? null,
      estimateDate: payload.estimate_date,
      expiryDate,
      status: 'draft',
      currencyId: customer.currencyId,
      templateName: await chooseTemplate(tx, actor, 'estimate', payload.template_name),
      notes: payload.notes ?? null,
      taxPerItemEnabled: priced.taxPerItemEnabled,
      discountPerItemEnabled: priced.discountPerItemEnabled,
      discountType: priced.discountType,
      discount: priced.discount,
      discountVal: priced.totals.discount_val,
      subTotal: priced.totals.sub_total,
      tax: priced.totals.tax,
      total: priced.totals.total,
      createdByUserId: actor.userId,
    });
    await repo.replaceLines(tx, scope, id, priced.lines, priced.taxes);
    await recordAudit(tx, actor, { model: 'estimate', modelId: id, action: 'created', after: auditView(row) });
    return row;
  }

  /** Runs a write and turns a lost race on a number's unique key (the estimate's, or its invoice's on conversion) into the spec's message. */
  const write = <T>(scope: BusinessScope, work: (tx: Tx) => Promise<T>) =>
    refusingTaken(
      {
        [NUMBER_CONSTRAINT]: { field: 'estimate_number', message: messages.estimateNumberTaken },
        [INVOICE_NUMBER_CONSTRAINT]: { field: 'invoice_number', message: messages.invoiceNumberTaken },
      },
      () => inTenant(app.db, scope.tenantId, work),
    );

  async function ownOrFail(tx: Tx, scope: BusinessScope, id: string) {
    const row = await repo.findOwnEstimate(tx, scope, id, true);
    if (!row) throw AppError.notFound();
    return row;
  }

  /** The status after `action`, judged on the status as of today (an estimate past its expiry is expired). */
  async function allowed(tx: Tx, row: repo.EstimateRow, action: EstimateAction) {
    const owner = await loadDocumentBusiness(tx, row.tenantId, row.businessId);
    const result = estimateTransition(effectiveStatus(row, today(owner.settings)), action);
    if (!result.ok) throw AppError.validation('status', result.message);
    return { status: result.status, owner };
  }

  /** Applies one status change to a locked row and records it; `viewer` is the business the answer is for. */
  async function applyTransition(tx: Tx, actor: AuditActor, viewer: BusinessScope, row: repo.EstimateRow, action: EstimateAction, extra: Partial<repo.EstimateInsert>, note: Record<string, unknown> = {}) {
    const { status } = await allowed(tx, row, action);
    const updated = await repo.updateEstimate(tx, row.tenantId, row.id, { status, ...extra });
    await recordAudit(tx, actor, { model: 'estimate', modelId: row.id, action: 'updated', before: auditView(row), after: { ...auditView(updated), event: action, ...note } });
    return resource(tx, viewer, updated);
  }

  /** One status change of an estimate the business issued (or, for approve/reject, received). */
  async function transition(actor: AuditActor, scope: BusinessScope, id: string, action: EstimateAction, side: Side, extra: (row: repo.EstimateRow) => Partial<repo.EstimateInsert> = () => ({}), note: Record<string, unknown> = {}) {
    return inTenant(app.db, scope.tenantId, async (tx) => {
      const row = side === 'own' ? await repo.findOwnEstimate(tx, scope, id, true) : await repo.findAddressedEstimate(tx, scope, id, true);
      if (!row) throw AppError.notFound();
      return applyTransition(tx, actor, scope, row, action, extra(row), note);
    });
  }

  /** Approve or reject on the public page: the receiving business acts, no user is signed in. */
  async function transitionFromLink(tenantId: string, id: string, action: 'approve' | 'reject', extra: Partial<repo.EstimateInsert>, note: Record<string, unknown> = {}) {
    return inTenant(app.db, tenantId, async (tx) => {
      const row = await repo.findEstimateInTenant(tx, tenantId, id, true);
      if (!row || row.status === 'draft') throw AppError.notFound();
      const receiver = { tenantId, businessId: row.customerBusinessId };
      return applyTransition(tx, { tenantId, userId: null, businessId: row.customerBusinessId, ip: null }, receiver, row, action, extra, note);
    });
  }

  /** Records on the estimate which invoice it became. */
  async function applyConversion(tx: Tx, actor: AuditActor, row: repo.EstimateRow, patch: Partial<repo.EstimateInsert>) {
    const updated = await repo.updateEstimate(tx, row.tenantId, row.id, patch);
    await recordAudit(tx, actor, { model: 'estimate', modelId: row.id, action: 'updated', before: auditView(row), after: { ...auditView(updated), event: 'convert' } });
  }

  return {
    async list(scope: BusinessScope, input: EstimateListQuery) {
      const query = estimateListQuerySchema.parse(input);
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const { settings } = await loadDocumentBusiness(tx, scope.tenantId, scope.businessId);
        const search = containsPattern(query.search);
        const filters: repo.EstimateListFilters = {
          direction: query.type,
          tab: query.tab_status,
          status: query.status,
          customerIds: query.customer_id ? [query.customer_id] : search && query.type === 'outgoing' ? await documents.customerIdsMatching(tx, scope, search, CUSTOMER_SEARCH_LIMIT) : undefined,
          numberPattern: containsPattern(query.estimate_number),
          fromDate: query.from_date,
          toDate: query.to_date,
          today: today(settings),
        };
        const order: repo.EstimateOrder = { field: query.orderByField ?? 'estimate_date', direction: query.orderBy ?? 'desc' };
        const rows = await repo.listEstimates(tx, scope, filters, order, pageOffset(query.page, query.limit), query.limit);
        const total = await repo.countEstimates(tx, scope, filters);
        const directionTotal = repo.filtersOnlyDirection(filters) ? total : await repo.countByDirection(tx, scope, query.type);
        const businessOf = businessCache(tx, scope.tenantId);
        const data = [];
        for (const row of rows) {
          const owner = await businessOf(row.estimate.businessId);
          data.push(toEstimateListItem(row.estimate, { direction: query.type, today: today(owner.settings), businessName: row.businessName, customer: row.customer ?? undefined }));
        }
        return {
          data,
          meta: { ...listMeta(query.page, query.limit, total), estimate_total_count: directionTotal },
        };
      });
    },

    /** The business's own estimate, or one addressed to it (never another's draft). */
    async get(scope: BusinessScope, id: string): Promise<EstimateResource> {
      return inTenant(app.db, scope.tenantId, (tx) => getInTx(tx, scope, id));
    },

    getInTx,

    async create(actor: AuditActor, scope: BusinessScope, input: unknown): Promise<EstimateResource> {
      const payload = estimateRequestSchema.parse(input);
      return write(scope, async (tx) => resource(tx, scope, await createInTx(tx, actor, scope, payload)));
    },

    async update(actor: AuditActor, scope: BusinessScope, id: string, input: unknown): Promise<EstimateResource> {
      const payload = estimateRequestSchema.parse(input);
      const outcome = await write(scope, async (tx) => {
        const before = await ownOrFail(tx, scope, id);
        const { status, owner } = await allowed(tx, before, 'edit');
        const customer = await customerFor(tx, scope, payload.customer_id, payload.customer_id === before.customerId);
        const priced = await priceDocument(tx, scope, payload, owner.settings, customer.currencyId);
        const expiryDate = payload.expiry_date ?? null;
        checkDates(payload.estimate_date, expiryDate);
        let number: Partial<Pick<repo.EstimateInsert, 'estimateNumber' | 'sequenceNumber' | 'customerSequenceNumber'>> = {};
        if (payload.estimate_number && payload.estimate_number !== before.estimateNumber) {
          if (await repo.estimateNumberTaken(tx, scope, payload.estimate_number, id)) throw AppError.validation('estimate_number', messages.estimateNumberTaken);
          number = { estimateNumber: payload.estimate_number, sequenceNumber: null, customerSequenceNumber: null };
        }
        const updated = await repo.updateEstimate(tx, scope.tenantId, id, {
          ...number,
          status,
          customerId: customer.id,
          customerBusinessId: customer.counterpartyBusinessId,
          currencyId: customer.currencyId,
          referenceNumber: payload.reference_number ?? null,
          estimateDate: payload.estimate_date,
          expiryDate,
          templateName: payload.template_name ? await chooseTemplate(tx, actor, 'estimate', payload.template_name) : before.templateName,
          notes: payload.notes ?? null,
          taxPerItemEnabled: priced.taxPerItemEnabled,
          discountPerItemEnabled: priced.discountPerItemEnabled,
          discountType: priced.discountType,
          discount: priced.discount,
          discountVal: priced.totals.discount_val,
          subTotal: priced.totals.sub_total,
          tax: priced.totals.tax,
          total: priced.totals.total,
        });
        await repo.replaceLines(tx, scope, id, priced.lines, priced.taxes);
        const removedFiles = payload.removeAttachmentIds?.length ? await attachments.remove(tx, scope, 'estimate', id, payload.removeAttachmentIds) : [];
        await recordAudit(tx, actor, { model: 'estimate', modelId: id, action: 'updated', before: auditView(before), after: auditView(updated) });
        return { estimate: await resource(tx, scope, updated), removedFiles };
      });
      await attachments.purge(outcome.removedFiles);
      return outcome.estimate;
    },

    async remove(actor: AuditActor, scope: BusinessScope, ids: readonly string[]): Promise<number> {
      const removed = await inTenant(app.db, scope.tenantId, async (tx) => {
        const rows = await repo.findOwnEstimates(tx, scope, ids);
        if (rows.length !== new Set(ids).size) throw AppError.notFound();
        for (const row of rows) await allowed(tx, row, 'delete');
        const files = await attachments.removeAll(tx, scope, 'estimate', rows.map((row) => row.id));
        await repo.deleteEstimates(tx, scope, rows.map((row) => row.id));
        for (const row of rows) await recordAudit(tx, actor, { model: 'estimate', modelId: row.id, action: 'deleted', before: auditView(row) });
        return { count: rows.length, files };
      });
      await attachments.purge(removed.files);
      return removed.count;
    },

    /** A new draft with the same customer and lines, a new number and today's date. */
    async clone(actor: AuditActor, scope: BusinessScope, id: string): Promise<EstimateResource> {
      return write(scope, async (tx) => {
        const source = await repo.findOwnEstimate(tx, scope, id);
        if (!source) throw AppError.notFound();
        const { owner } = await allowed(tx, source, 'clone');
        const lines = await repo.loadLines(tx, scope.tenantId, [id]);
        const payload = estimateRequestSchema.parse({
          ...copiedRequest(source, lines.items, lines.taxes, (tax) => tax.estimateItemId),
          template_name: source.templateName,
          reference_number: source.referenceNumber,
          estimate_date: today(owner.settings),
        });
        return resource(tx, scope, await createInTx(tx, actor, scope, payload));
      });
    },

    finalize: (actor: AuditActor, scope: BusinessScope, id: string) => transition(actor, scope, id, 'finalize', 'own'),
    void: (actor: AuditActor, scope: BusinessScope, id: string) => transition(actor, scope, id, 'void', 'own'),
    markSent: (actor: AuditActor, scope: BusinessScope, id: string) => transition(actor, scope, id, 'mark_sent', 'own', (row) => ({ sentAt: row.sentAt ?? app.clock.now() })),
    approve: (actor: AuditActor, scope: BusinessScope, id: string) => transition(actor, scope, id, 'approve', 'addressed', () => ({ approvedAt: app.clock.now(), rejectedAt: null })),
    reject: (actor: AuditActor, scope: BusinessScope, id: string, reason: string | null) => transition(actor, scope, id, 'reject', 'addressed', () => ({ rejectedAt: app.clock.now(), approvedAt: null }), { reason }),

    /**
     * Turns the estimate into a draft invoice dated today, in the same transaction; then the
     * business setting decides whether the estimate stays, is deleted or becomes approved.
     */
    async convertToInvoice(actor: AuditActor, scope: BusinessScope, id: string): Promise<InvoiceResource> {
      const outcome = await write(scope, async (tx) => {
        const row = await ownOrFail(tx, scope, id);
        const { status, owner } = await allowed(tx, row, 'convert');
        if (row.convertedInvoiceId !== null) throw AppError.validation('status', messages.estimateAlreadyConverted);
        const lines = await repo.loadLines(tx, scope.tenantId, [id]);
        const payload = invoiceRequestSchema.parse({ ...copiedRequest(row, lines.items, lines.taxes, (tax) => tax.estimateItemId), invoice_date: today(owner.settings) });
        const invoice = await invoices.createInTx(tx, actor, scope, payload, { source: 'estimate', status: 'draft', estimateId: id });
        const now = app.clock.now();
        let files: string[] = [];
        const conversion = { convertedInvoiceId: invoice.id, convertedAt: now };
        switch (owner.settings.estimate_convert_action) {
          case 'delete_estimate':
            files = await attachments.removeAll(tx, scope, 'estimate', [id]);
            await repo.deleteEstimates(tx, scope, [id]);
            await recordAudit(tx, actor, { model: 'estimate', modelId: id, action: 'deleted', before: auditView(row) });
            break;
          case 'mark_estimate_as_approved':
            await applyConversion(tx, actor, row, { ...conversion, status: 'approved', approvedAt: now, rejectedAt: null });
            break;
          case 'no_action':
            await applyConversion(tx, actor, row, { ...conversion, status });
            break;
        }
        return { invoice: await invoices.resource(tx, scope, invoice), files };
      });
      await attachments.purge(outcome.files);
      return outcome.invoice;
    },

    /** The estimate was mailed to its customer (the 'send' action: draft/open become sent, a resend keeps the status). */
    recordSent: (actor: AuditActor, scope: BusinessScope, id: string) => transition(actor, scope, id, 'send', 'own', (row) => ({ sentAt: row.sentAt ?? app.clock.now() })),

    /** recordSent inside the caller's transaction: the delivery module writes the link and the mail in the same one. */
    async recordSentInTx(tx: Tx, actor: AuditActor, scope: BusinessScope, id: string): Promise<EstimateResource> {
      const row = await repo.findOwnEstimate(tx, scope, id, true);
      if (!row) throw AppError.notFound();
      return applyTransition(tx, actor, scope, row, 'send', { sentAt: row.sentAt ?? app.clock.now() });
    },

    /** For a public link (the token already proved access): the estimate as its customer sees it. */
    async getForRecipient(tenantId: string, id: string): Promise<EstimateResource | null> {
      return inTenant(app.db, tenantId, async (tx) => {
        const row = await repo.findEstimateInTenant(tx, tenantId, id);
        if (!row || row.status === 'draft') return null;
        return resource(tx, { tenantId, businessId: row.customerBusinessId }, row);
      });
    },

    /** The customer opened the public page: the first time an open or sent estimate becomes viewed. */
    async markViewed(tenantId: string, id: string): Promise<void> {
      await inTenant(app.db, tenantId, async (tx) => {
        const row = await repo.findEstimateInTenant(tx, tenantId, id, true);
        if (!row || row.status === 'draft' || row.viewedAt) return;
        const owner = await loadDocumentBusiness(tx, tenantId, row.businessId);
        const result = estimateTransition(effectiveStatus(row, today(owner.settings)), 'mark_viewed');
        const updated = await repo.updateEstimate(tx, tenantId, id, { viewedAt: app.clock.now(), ...(result.ok ? { status: result.status } : {}) });
        await recordAudit(tx, { tenantId, userId: null, businessId: row.businessId, ip: null }, { model: 'estimate', modelId: id, action: 'updated', before: auditView(row), after: { ...auditView(updated), event: 'viewed' } });
      });
    },

    approveFromLink: (tenantId: string, id: string) => transitionFromLink(tenantId, id, 'approve', { approvedAt: app.clock.now(), rejectedAt: null }),
    rejectFromLink: (tenantId: string, id: string, reason: string | null) => transitionFromLink(tenantId, id, 'reject', { rejectedAt: app.clock.now(), approvedAt: null }, { reason }),

    /** Stores 'expired' on the tenant's estimates past their expiry date (the expiry job calls this per tenant). */
    expireDue: (tenantId: string, now: Date) => expireDueEstimates(app, tenantId, now),

    resource,
  };
}

export type EstimateService = ReturnType<typeof createEstimateService>;

/** For the items and tax types modules: catalogue items and tax types on estimates cannot be deleted. */
export const estimateItemUsage: UsageCheck = repo.itemsUsedByEstimates;
export const estimateTaxTypeUsage: UsageCheck = repo.taxTypesUsedByEstimates;
