import { type EstimateListQuery, type EstimatePayload, type EstimateResource, estimateDepositMessages, estimateRequestSchema, messages } from '@app/contracts';
import { addDays } from '@app/domain';
import type { Tx } from '../../db/client';
import type { AppContext } from '../../platform/app-context';
import type { AuditActor } from '../../platform/audit';
import type { BusinessScope, UsageCheck } from '../../platform/business-scope';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { DocumentAttachments } from '../documents/document-attachments';
import { chooseTemplate, loadNewDocumentContext, pdfTemplateOptionsIn, templateFor } from '../documents/document-business';
import { createDocumentCore, itemsUsedBy, pricedColumns, taxTypesUsedBy } from '../documents/document-core';
import { createDocumentViews } from '../documents/document-views';
import { priceDocument } from '../documents/pricing';
import type { InvoiceService } from '../invoices/invoices.service';
import { createEstimateConversion } from './estimate-conversion';
import { recordEstimateEvent } from './estimate-events';
import { type DepositIntents, type DepositPayments, createEstimateDeposits } from './estimate-deposits';
import { expireDueEstimates } from './estimate-expiry';
import { listEstimatePage } from './estimate-list';
import { estimateAuditView, toEstimateResource } from './estimate-resource';
import { allowedEstimateStatus, createEstimateTransitions } from './estimate-transitions';
import * as repo from './estimates.repository';

function checkDates(estimateDate: string, expiryDate: string | null) {
  if (expiryDate && expiryDate < estimateDate) throw AppError.validation('expiry_date', messages.expiryBeforeEstimateDate);
}

/** Estimates a business issues (outgoing) and receives from its vendors (incoming). */
export function createEstimateService(app: AppContext, attachments: DocumentAttachments, invoices: Pick<InvoiceService, 'createInTx' | 'resource' | 'getInTx'>, depositDeps: { payments: DepositPayments; intents: DepositIntents }) {
  const core = createDocumentCore(app, { port: attachments, model: 'estimate' }, {
    kind: 'estimate',
    numberField: 'estimate_number',
    numberTakenMessage: messages.estimateNumberTaken,
    // A conversion writes an invoice too: a lost race on its number is answered on the invoice number.
    takenKeys: {
      estimates_business_number_unique: { field: 'estimate_number', message: messages.estimateNumberTaken },
      invoices_business_number_unique: { field: 'invoice_number', message: messages.invoiceNumberTaken },
    },
    numberTaken: repo.estimateNumberTaken,
    findOwn: repo.findOwnEstimate,
    findOwnMany: repo.findOwnEstimates,
    deleteMany: repo.deleteEstimates,
    auditView: estimateAuditView,
  });
  const views = createDocumentViews(app, core, attachments, {
    model: 'estimate',
    findAddressed: repo.findAddressedEstimate,
    findInTenant: repo.findEstimateInTenant,
    toResource: (row, context, lines, files) => toEstimateResource(row, { direction: context.direction, today: context.today, businessName: context.owner.name, customer: context.customer }, lines, files),
  });
  const { resource } = views;
  const deposits = createEstimateDeposits(app, core, depositDeps);

  /** Inserts a new estimate and answers it from the rows inserted and the business and customer read. */
  async function createInTx(tx: Tx, actor: AuditActor, scope: BusinessScope, payload: EstimatePayload): Promise<EstimateResource> {
    const { owner, customer, userSettings, templates } = await loadNewDocumentContext(tx, actor, scope, 'estimate', payload.customer_id, payload.template_name);
    const { settings } = owner;
    const priced = await priceDocument(tx, scope, payload, settings, customer.currencyId);
    const expiryDate = payload.expiry_date ?? (settings.estimate_set_expiry_date_automatically ? addDays(payload.estimate_date, settings.estimate_expiry_date_days) : null);
    checkDates(payload.estimate_date, expiryDate);
    const numbered = await core.numberFor(tx, scope, settings, payload.estimate_number, payload.estimate_date, customer.id);
    const row = await repo.insertEstimate(tx, {
      tenantId: scope.tenantId,
      id: newId(),
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
      templateName: templateFor('estimate', payload.template_name, userSettings, templates),
      notes: payload.notes ?? null,
      ...pricedColumns(priced),
      createdByUserId: actor.userId,
    });
    const lines = await core.insertLines(tx, scope, row.id, priced);
    await core.audit.created(tx, actor, row);
    await recordEstimateEvent(tx, app.webhookEvents, 'estimate.created', row);
    return views.created(scope, row, owner, customer, lines);
  }

  return {
    list: (scope: BusinessScope, input: EstimateListQuery) => listEstimatePage(app, core, scope, input),
    templates: (tenantId: string) => pdfTemplateOptionsIn(app.db, tenantId, 'estimate'),

    /** The business's own estimate, or one addressed to it (never another's draft). */
    get: views.get,
    /** `get` inside the caller's transaction (the delivery core reads what it sends there). */
    getInTx: views.getInTx,

    async create(actor: AuditActor, scope: BusinessScope, input: unknown): Promise<EstimateResource> {
      const payload = estimateRequestSchema.parse(input);
      return core.write(scope, (tx) => createInTx(tx, actor, scope, payload));
    },

    async update(actor: AuditActor, scope: BusinessScope, id: string, input: unknown): Promise<EstimateResource> {
      const payload = estimateRequestSchema.parse(input);
      const outcome = await core.write(scope, async (tx) => {
        const before = await core.ownOrFail(tx, scope, id);
        const { status, owner } = await allowedEstimateStatus(tx, core, before, 'edit');
        const customer = await core.customerFor(tx, scope, payload.customer_id, payload.customer_id === before.customerId);
        const priced = await priceDocument(tx, scope, payload, owner.settings, customer.currencyId);
        if (before.depositAmount !== null && priced.totals.total < before.depositAmount) throw AppError.validation('total', estimateDepositMessages.totalBelowDeposit);
        const expiryDate = payload.expiry_date ?? null;
        checkDates(payload.estimate_date, expiryDate);
        const typed = await core.changedNumber(tx, scope, id, before.estimateNumber, payload.estimate_number);
        const updated = await repo.updateEstimate(tx, scope.tenantId, id, {
          ...(typed === null ? {} : { estimateNumber: typed, sequenceNumber: null, customerSequenceNumber: null }),
          status,
          customerId: customer.id,
          customerBusinessId: customer.counterpartyBusinessId,
          currencyId: customer.currencyId,
          referenceNumber: payload.reference_number ?? null,
          estimateDate: payload.estimate_date,
          expiryDate,
          templateName: payload.template_name ? await chooseTemplate(tx, actor, 'estimate', payload.template_name) : before.templateName,
          notes: payload.notes ?? null,
          ...pricedColumns(priced),
        });
        await core.replaceLines(tx, scope, id, priced);
        const removedFiles = payload.removeAttachmentIds?.length ? await attachments.remove(tx, scope, 'estimate', id, payload.removeAttachmentIds) : [];
        await core.audit.updated(tx, actor, before, updated);
        return { estimate: await resource(tx, scope, updated), removedFiles };
      });
      await attachments.purge(outcome.removedFiles);
      return outcome.estimate;
    },

    remove: (actor: AuditActor, scope: BusinessScope, ids: readonly string[]): Promise<number> =>
      core.remove(actor, scope, ids, async (tx, rows) => {
        for (const row of rows) await allowedEstimateStatus(tx, core, row, 'delete');
        await deposits.refuseDelete(tx, rows);
      }),

    /** A new draft with the same customer and lines, a new number and today's date. */
    async clone(actor: AuditActor, scope: BusinessScope, id: string): Promise<EstimateResource> {
      return core.write(scope, async (tx) => {
        const source = await core.ownOrFail(tx, scope, id, false);
        const { owner } = await allowedEstimateStatus(tx, core, source, 'clone');
        const payload = estimateRequestSchema.parse({
          ...(await core.copyRequest(tx, scope.tenantId, source)),
          template_name: source.templateName,
          reference_number: source.referenceNumber,
          estimate_date: core.today(owner.settings),
        });
        return createInTx(tx, actor, scope, payload);
      });
    },

    ...createEstimateTransitions(app, core, resource, deposits.beforeClosingInTx),
    convertToInvoice: createEstimateConversion(app, core, attachments, invoices, deposits),
    /** Deposits on approved estimates: estimate-deposits.ts. */
    deposits,
    getForRecipient: views.getForRecipient,

    /** Stores 'expired' on the tenant's estimates past their expiry date (the expiry job calls this per tenant). */
    expireDue: (tenantId: string, now: Date) => expireDueEstimates(app, tenantId, now),

    resource,
  };
}

export type EstimateService = ReturnType<typeof createEstimateService>;

/** For the items and tax types modules: catalogue items and tax types on estimates cannot be deleted. */
export const estimateItemUsage: UsageCheck = itemsUsedBy('estimate');
export const estimateTaxTypeUsage: UsageCheck = taxTypesUsedBy('estimate');
