import {
  type InvoiceListQuery,
  type InvoicePayload,
  type InvoiceResource,
  currencyById,
  decimalToMinorUnits,
  invoiceRequestSchema,
  messages,
} from '@app/contracts';
import { paidStatusOf, settledInvoiceStatus } from '@app/domain';
import type { Tx } from '../../db/client';
import type { AppContext } from '../../platform/app-context';
import type { AuditActor } from '../../platform/audit';
import type { BusinessScope, KeysetCursor, UsageCheck } from '../../platform/business-scope';
import { AppError, isValidationRefusal } from '../../platform/errors';
import { chooseTemplate, loadDocumentBusiness, pdfTemplateOptionsIn } from '../documents/document-business';
import { createDocumentCore, itemsUsedBy, pricedColumns, taxTypesUsedBy } from '../documents/document-core';
import { createDocumentViews } from '../documents/document-views';
import { priceDocument } from '../documents/pricing';
import type { DocumentAttachments } from '../documents/document-attachments';
import { rateFor } from '../exchange-rates/exchange-rates.service';
import { invoiceLoanStatuses } from '../financing/financing.port';
import { invoicesClaimedByCustomers } from '../payments/payments.service';
import { type InvoiceOrigin, createInvoiceCreation } from './invoice-create';
import { createInvoiceFigures } from './invoice-figures';
import { listInvoicePage, listInvoicesAfter } from './invoice-list';
import { countByDirection } from './invoice-list.repository';
import { editLocked, toInvoiceResource } from './invoice-resource';
import { allowedInvoiceStatus, checkDueDate, createInvoiceTransitions, refuseIfFinanced } from './invoice-transitions';
import * as importRepo from './invoice-import.repository';
import * as repo from './invoices.repository';
import { recordInvoiceEvent, recordPaidEvents } from './invoice-events';
import { milestonesOf } from './invoice-payments';

/** `total` is decimal text ('1250.00'), read at the precision of the customer's currency. */
export type UploadedInvoiceInput = { customer_id: string; invoice_number: string | null; invoice_date: string; due_date: string | null; total: string };

const auditView = (row: repo.InvoiceRow) => ({ invoice_number: row.invoiceNumber, customer_id: row.customerId, status: row.status, invoice_date: row.invoiceDate, due_date: row.dueDate, total: row.total });

/** Invoices a business issues (outgoing) and receives from its vendors (incoming). */
export function createInvoiceService(app: AppContext, attachments: DocumentAttachments) {
  const core = createDocumentCore(app, { port: attachments, model: 'invoice' }, {
    kind: 'invoice',
    numberField: 'invoice_number',
    numberTakenMessage: messages.invoiceNumberTaken,
    takenKeys: { invoices_business_number_unique: { field: 'invoice_number', message: messages.invoiceNumberTaken } },
    numberTaken: repo.invoiceNumberTaken,
    findOwn: repo.findOwnInvoice,
    findOwnMany: repo.findOwnInvoices,
    deleteMany: repo.deleteInvoices,
    auditView,
  });
  const views = createDocumentViews(app, core, attachments, {
    model: 'invoice',
    findAddressed: repo.findAddressedInvoice,
    findInTenant: repo.findInvoiceInTenant,
    toResource: (row, context, lines, files) =>
      toInvoiceResource(row, { direction: context.direction, today: context.today, businessName: context.owner.name, customer: context.customer, editLocked: editLocked(row, context.owner.settings.retrospective_edits), loanStatus: context.loanStatus }, lines, files),
    loanStatuses: (tx, tenantId, ids) => invoiceLoanStatuses(tx, tenantId, ids, app.clock.now()),
  });
  const { resource } = views;

  const { insert, importBatch } = createInvoiceCreation(app, core, views.created);

  /** Refuses to delete an invoice that is paid, claimed, financed or past deleting by its status. */
  async function refuseUndeletable(tx: Tx, scope: BusinessScope, rows: readonly repo.InvoiceRow[]): Promise<void> {
    for (const row of rows) {
      if (row.amountPaid > 0) throw AppError.validation('ids', messages.invoiceHasPayments);
      allowedInvoiceStatus(row, 'delete');
    }
    const ids = rows.map((row) => row.id);
    if ((await invoicesClaimedByCustomers(tx, scope, ids)).size > 0) throw AppError.validation('ids', messages.invoiceHasPaymentClaims);
    await refuseIfFinanced(tx, scope.tenantId, ids);
  }

  /** A new invoice in the caller's transaction (estimate conversion, recurring runs): its row. */
  const createInTx = async (tx: Tx, actor: AuditActor, scope: BusinessScope, payload: InvoicePayload, origin: InvoiceOrigin) => (await insert(tx, actor, scope, payload, origin)).row;

  return {
    list: (scope: BusinessScope, input: InvoiceListQuery) => listInvoicePage(app, core, scope, input),
    templates: (tenantId: string) => pdfTemplateOptionsIn(app.db, tenantId, 'invoice'),
    /** The list read whole, page after page (an export): see listInvoicesAfter. */
    listAfter: (scope: BusinessScope, input: InvoiceListQuery, after: KeysetCursor | null, pageNumber: number) => listInvoicesAfter(app, core, scope, input, after, pageNumber),

    ...createInvoiceFigures(app),

    /** The business's own invoice, or one addressed to it (never another's draft). */
    get: views.get,
    /** `get` inside the caller's transaction (the recurring generator sends the invoice it has just made). */
    getInTx: views.getInTx,

    async create(actor: AuditActor, scope: BusinessScope, input: unknown): Promise<InvoiceResource> {
      const payload = invoiceRequestSchema.parse(input);
      const created = await core.write(scope, (tx) => insert(tx, actor, scope, payload, { source: 'app', status: 'draft' }));
      return created.answer;
    },

    createInTx,

    /** An invoice issued elsewhere and uploaded: one line for its total, no tax, already open. */
    async createUploadedInTx(tx: Tx, actor: AuditActor, scope: BusinessScope, input: UploadedInvoiceInput): Promise<InvoiceResource> {
      const customer = await core.customerFor(tx, scope, input.customer_id, false);
      const total = decimalToMinorUnits(input.total, currencyById(customer.currencyId)?.precision ?? 2);
      if (!total.ok) throw AppError.validation('total', messages.invalidTotal);
      const { customer_id, invoice_number, invoice_date, due_date } = input;
      const items = [{ name: 'Uploaded invoice', quantity: '1', price: total.minor }];
      const payload = invoiceRequestSchema.parse({ customer_id, invoice_number, invoice_date, due_date, tax_per_item_enabled: false, discount_per_item_enabled: false, items });
      return (await insert(tx, actor, scope, payload, { source: 'upload', status: 'open' })).answer;
    },

    async update(actor: AuditActor, scope: BusinessScope, id: string, input: unknown): Promise<InvoiceResource> {
      const payload = invoiceRequestSchema.parse(input);
      const updated = await core.write(scope, async (tx) => {
        const before = await core.ownOrFail(tx, scope, id);
        const { settings } = await loadDocumentBusiness(tx, scope.tenantId, scope.businessId);
        if (editLocked(before, settings.retrospective_edits)) throw AppError.validation('status', messages.retrospectiveEditLocked);
        const status = allowedInvoiceStatus(before, 'edit');
        await refuseIfFinanced(tx, scope.tenantId, [id]);
        // A payment the customer recorded (a claim) names this invoice too: the customer stays.
        const paidOrClaimed = before.amountPaid > 0 || (await invoicesClaimedByCustomers(tx, scope, [id])).size > 0;
        if (payload.customer_id !== before.customerId && paidOrClaimed) throw AppError.validation('customer_id', messages.customerLockedByPayment);
        const customer = await core.customerFor(tx, scope, payload.customer_id, payload.customer_id === before.customerId);
        const priced = await priceDocument(tx, scope, payload, settings, customer.currencyId);
        if (priced.totals.total < before.amountPaid) throw AppError.validation('total', messages.totalBelowPaid);
        checkDueDate(payload.invoice_date, payload.due_date ?? null);
        const typed = await core.changedNumber(tx, scope, id, before.invoiceNumber, payload.invoice_number);
        const paidStatus = paidStatusOf(priced.totals.total, before.amountPaid);
        const updated = await repo.updateInvoice(tx, scope.tenantId, id, {
          ...(typed === null ? {} : { invoiceNumber: typed, sequenceNumber: null, customerSequenceNumber: null }),
          // A new total equal to what was already paid completes the invoice (the rule for 'completed').
          status: settledInvoiceStatus(status, paidStatus, milestonesOf(before)),
          customerId: customer.id,
          customerBusinessId: customer.counterpartyBusinessId,
          currencyId: customer.currencyId,
          exchangeRate: customer.currencyId === before.currencyId ? before.exchangeRate : await rateFor(tx, scope, customer.currencyId),
          invoiceDate: payload.invoice_date,
          dueDate: payload.due_date ?? null,
          templateName: payload.template_name ? await chooseTemplate(tx, actor, 'invoice', payload.template_name) : before.templateName,
          notes: payload.notes ?? null,
          ...pricedColumns(priced),
          dueAmount: priced.totals.total - before.amountPaid,
          paidStatus,
        });
        await core.replaceLines(tx, scope, id, priced);
        const removedFiles = payload.removeAttachmentIds?.length ? await attachments.remove(tx, scope, 'invoice', id, payload.removeAttachmentIds) : [];
        await core.audit.updated(tx, actor, before, updated);
        await recordInvoiceEvent(tx, app.webhookEvents, 'invoice.updated', updated);
        // A new total equal to what was already paid makes the invoice paid.
        await recordPaidEvents(tx, app.webhookEvents, before, updated);
        return { invoice: await resource(tx, scope, updated), removedFiles };
      });
      await attachments.purge(updated.removedFiles);
      return updated.invoice;
    },

    remove: (actor: AuditActor, scope: BusinessScope, ids: readonly string[]): Promise<number> => core.remove(actor, scope, ids, (tx, rows) => refuseUndeletable(tx, scope, rows)),

    importBatch,

    /**
     * Deletes the invoices an import created that are still there, in the caller's transaction;
     * null (nothing deleted) when one can no longer be deleted (paid, claimed, financed). `purge`
     * runs after commit.
     */
    async removeImportedInTx(tx: Tx, actor: AuditActor, scope: BusinessScope, ids: readonly string[]): Promise<{ purge: () => Promise<void> } | null> {
      const present = (await repo.findOwnInvoices(tx, scope, ids)).map((row) => row.id);
      if (present.length === 0) return { purge: async () => {} };
      try {
        return await core.removeInTx(tx, actor, scope, present, (on, rows) => refuseUndeletable(on, scope, rows));
      } catch (error) {
        // The checks refuse before anything is written: the transaction goes on.
        if (isValidationRefusal(error)) return null;
        throw error;
      }
    },

    /** Which of these numbers the business's invoices already have (an import refuses them). */
    takenNumbersInTx: importRepo.takenInvoiceNumbers,

    /** The business's finalized invoices with these numbers, by number (an import's payments name them so). */
    async payableByNumberInTx(tx: Tx, scope: BusinessScope, numbers: readonly string[]): Promise<Map<string, { id: string; customerId: string; currencyId: number; dueAmount: number }>> {
      return new Map((await importRepo.payableInvoicesByNumbers(tx, scope, numbers)).map(({ number, ...invoice }) => [number, invoice]));
    },

    async clone(actor: AuditActor, scope: BusinessScope, id: string): Promise<InvoiceResource> {
      return core.write(scope, async (tx) => {
        const source = await core.ownOrFail(tx, scope, id, false);
        const { settings } = await loadDocumentBusiness(tx, scope.tenantId, scope.businessId);
        const payload = invoiceRequestSchema.parse({ ...(await core.copyRequest(tx, scope.tenantId, source)), template_name: source.templateName, invoice_date: core.today(settings) });
        return (await insert(tx, actor, scope, payload, { source: 'app', status: 'draft' })).answer;
      });
    },

    ...createInvoiceTransitions(app, core, resource),
    getForRecipient: views.getForRecipient,
    resource,
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;

/** The invoice of the webhook catalogue, for events other modules write about an invoice (a recurring run). */
export { invoiceEventObject } from './invoice-events';

/** How many invoices the business issued and received (bootstrap shows both). */
export async function invoiceDirectionCounts(tx: Tx, scope: BusinessScope): Promise<{ outgoing: number; incoming: number }> {
  return { outgoing: await countByDirection(tx, scope, 'outgoing'), incoming: await countByDirection(tx, scope, 'incoming') };
}

/** Catalogue items and tax types on invoices cannot be deleted. */
export const invoiceItemUsage: UsageCheck = itemsUsedBy('invoice');
export const invoiceTaxTypeUsage: UsageCheck = taxTypesUsedBy('invoice');
