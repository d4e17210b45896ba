import {
  type PaymentDirection,
  type PaymentListQuery,
  type PaymentListResponse,
  type PaymentPayload,
  type PaymentResource,
  currencyById,
  listMeta,
  messages,
  paymentListQuerySchema,
  paymentRequestSchema,
  paymentResourceSchema,
} from '@app/contracts';
import { type PaymentSettlement, minimumTotal, settlePayment } from '@app/domain';
import { z } from 'zod';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, recordAudit } from '../../platform/audit';
import { type BusinessScope, type UsageCheck, containsPattern, pageOffset } from '../../platform/business-scope';
import { newId } from '../../platform/crypto';
import { AppError, refusingTaken } from '../../platform/errors';
import { type IdempotentRequest, type StoredResponse, runIdempotent } from '../../platform/idempotency';
import { loadDocumentBusiness } from '../documents/document-business';
import { allocateNumber, claimTypedNumber, numberingConfig } from '../documents/numbering';
import { type PaidInvoiceRow, lockPaidInvoices, lockPayableInvoice, payableInvoice, paymentInvoices, writeAmountPaid } from '../invoices/invoice-payments';
import { auditView, toPaymentResource } from './payment-resource';
import * as repo from './payments.repository';
import { rateFor } from '../exchange-rates/exchange-rates.service';
import type { DocumentAttachments } from '../documents/document-attachments';

const NUMBER_CONSTRAINT = 'payments_business_number_unique';
const createdResponseSchema = z.object({ data: paymentResourceSchema });
export type CreatedPayment = z.infer<typeof createdResponseSchema>;

const counterpartyKind = (direction: PaymentDirection) => (direction === 'received' ? 'customer' : 'vendor');
const counterpartyField = (direction: PaymentDirection) => (direction === 'received' ? 'customer_id' : 'vendor_id');

/** Whether a locked invoice is one this business may settle with this counterparty. */
function settles(scope: BusinessScope, direction: PaymentDirection, counterparty: repo.CounterpartyRow, invoice: PaidInvoiceRow): boolean {
  if (direction === 'received') return invoice.businessId === scope.businessId && invoice.customerId === counterparty.id;
  return invoice.customerBusinessId === scope.businessId && invoice.businessId === counterparty.counterpartyBusinessId && invoice.status !== 'draft';
}

function checkMinimum(amount: number, currencyId: number) {
  if (amount < minimumTotal(currencyById(currencyId)?.precision ?? 2)) throw AppError.validation('amount', messages.amountTooSmall);
}

function settledOrFail(result: PaymentSettlement) {
  if (result.ok) return result;
  switch (result.reason) {
    case 'not_payable':
      throw AppError.validation('invoice_id', result.message);
    case 'exceeds_due':
      throw AppError.validation('amount', messages.paymentExceedsDue);
    case 'partial_not_allowed':
      throw AppError.validation('amount', messages.partialPaymentsDisabled);
  }
}

/**
 * Payments recorded by hand: received from customers, made to vendors. A payment and the paid
 * amounts of the invoice it settles change in one transaction, with the invoice row locked, so
 * concurrent payments queue on the invoice and can never take it past its total.
 */
export function createPaymentService(app: AppContext, attachments: DocumentAttachments) {
  async function resources(tx: Tx, scope: BusinessScope, rows: repo.PaymentWithParties[]): Promise<PaymentResource[]> {
    const invoices = await paymentInvoices(tx, scope.tenantId, rows.flatMap((row) => (row.payment.invoiceId ? [row.payment.invoiceId] : [])));
    const names = new Map<string, string>();
    const result: PaymentResource[] = [];
    for (const row of rows) {
      const owner = row.payment.businessId;
      const name = names.get(owner) ?? (await repo.businessName(tx, scope.tenantId, owner));
      names.set(owner, name);
      result.push(toPaymentResource(row, name, row.payment.invoiceId ? (invoices.get(row.payment.invoiceId) ?? null) : null));
    }
    return result;
  }

  async function resource(tx: Tx, scope: BusinessScope, id: string): Promise<PaymentResource> {
    const row = await repo.findPayment(tx, scope, id);
    if (!row) throw AppError.notFound();
    const [one] = await resources(tx, scope, [row]);
    if (!one) throw new Error('Payment resource missing');
    return one;
  }

  async function counterpartyFor(tx: Tx, scope: BusinessScope, payload: PaymentPayload, keepId: string | null) {
    const field = counterpartyField(payload.direction);
    const id = payload[field];
    const found = id ? await repo.findCounterparty(tx, scope, counterpartyKind(payload.direction), id) : undefined;
    // An archived counterparty keeps the payments it already has, but takes no new ones.
    if (!found || (found.archivedAt && found.id !== keepId)) throw AppError.validation(field, payload.direction === 'received' ? messages.invalidCustomer : messages.invalidVendor);
    return found;
  }

  async function modeFor(tx: Tx, scope: BusinessScope, id: string | null | undefined) {
    if (!id) return null;
    const mode = await repo.findPaymentMode(tx, scope, id);
    if (!mode) throw AppError.validation('payment_method_id', messages.invalidPaymentMode);
    return mode;
  }

  async function numberFor(tx: Tx, scope: BusinessScope, typed: string | null | undefined, date: string, counterpartyId: string) {
    const { settings } = await loadDocumentBusiness(tx, scope.tenantId, scope.businessId);
    const config = numberingConfig(settings, 'payment');
    if (typed) {
      if (await repo.paymentNumberTaken(tx, scope, typed)) throw AppError.validation('payment_number', messages.paymentNumberTaken);
      return claimTypedNumber(tx, scope, 'payment', config, date, counterpartyId, typed);
    }
    return allocateNumber(tx, scope, 'payment', config, date, counterpartyId, (number) => repo.paymentNumberTaken(tx, scope, number));
  }

  /** Runs a write and turns a lost race on the number's unique key into the spec's message. */
  const write = <T>(scope: BusinessScope, work: (tx: Tx) => Promise<T>) =>
    refusingTaken({ [NUMBER_CONSTRAINT]: { field: 'payment_number', message: messages.paymentNumberTaken } }, () => inTenant(app.db, scope.tenantId, work));

  async function createInTx(tx: Tx, actor: AuditActor, scope: BusinessScope, payload: PaymentPayload): Promise<PaymentResource> {
    const counterparty = await counterpartyFor(tx, scope, payload, null);
    const mode = await modeFor(tx, scope, payload.payment_method_id);
    let invoice: PaidInvoiceRow | null = null;
    if (payload.invoice_id) {
      invoice = (await lockPayableInvoice(tx, scope, payload.invoice_id, payload.direction)) ?? null;
      if (!invoice || !settles(scope, payload.direction, counterparty, invoice)) throw AppError.validation('invoice_id', messages.invalidInvoice);
    }
    const currencyId = invoice?.currencyId ?? counterparty.currencyId;
    checkMinimum(payload.amount, currencyId);
    const settled = invoice ? settledOrFail(settlePayment(payableInvoice(invoice, invoice.amountPaid), payload.amount, { partialPayments: await repo.partialPaymentsAllowed(tx, scope.tenantId) })) : null;
    const exchangeRate = await rateFor(tx, scope, currencyId);
    const numbered = await numberFor(tx, scope, payload.payment_number, payload.payment_date, counterparty.id);
    const row = await repo.insertPayment(tx, {
      tenantId: scope.tenantId,
      id: newId(),
      businessId: scope.businessId,
      direction: payload.direction,
      counterpartyId: counterparty.id,
      counterpartyBusinessId: counterparty.counterpartyBusinessId,
      invoiceId: invoice?.id ?? null,
      paymentNumber: numbered.number,
      sequenceNumber: numbered.sequence,
      paymentDate: payload.payment_date,
      amount: payload.amount,
      currencyId,
      exchangeRate,
      paymentModeId: mode?.id ?? null,
      notes: payload.notes ?? null,
      createdByUserId: actor.userId,
    });
    if (invoice && settled) await writeAmountPaid(tx, actor, invoice, settled.amount_paid);
    await recordAudit(tx, actor, { model: 'payment', modelId: row.id, action: 'created', after: auditView(row) });
    return resource(tx, scope, row.id);
  }

  return {
    async list(scope: BusinessScope, input: PaymentListQuery): Promise<PaymentListResponse> {
      const query = paymentListQuerySchema.parse(input);
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const filters: repo.PaymentListFilters = {
          direction: query.tab,
          counterpartyId: query.tab === 'received' ? query.customer_id : query.vendor_id,
          invoiceId: query.invoice_id,
          search: containsPattern(query.search),
          fromDate: query.from_date,
          toDate: query.to_date,
        };
        const order: repo.PaymentOrder = { field: query.orderByField ?? 'payment_date', direction: query.orderBy ?? 'desc' };
        const rows = await repo.listPayments(tx, scope, filters, order, pageOffset(query.page, query.limit), query.limit);
        const total = await repo.countPayments(tx, scope, filters);
        const counts = await repo.countByDirection(tx, scope);
        return {
          data: await resources(tx, scope, rows),
          meta: { ...listMeta(query.page, query.limit, total), payment_total_count: counts[query.tab], received_count: counts.received, made_count: counts.made },
        };
      });
    },

    async get(scope: BusinessScope, id: string): Promise<PaymentResource> {
      return inTenant(app.db, scope.tenantId, (tx) => resource(tx, scope, id));
    },

    /** `get` inside the caller's transaction (the delivery core reads what it sends there). */
    getInTx: resource,

    /** POST /payments: with an Idempotency-Key, the same request again gets the first response. */
    async create(actor: AuditActor, scope: BusinessScope, input: unknown, idempotency: IdempotentRequest | null): Promise<StoredResponse<CreatedPayment>> {
      const payload = paymentRequestSchema.parse(input);
      return write(scope, (tx) => runIdempotent(tx, scope, idempotency, createdResponseSchema, async () => ({ status: 201, body: { data: await createInTx(tx, actor, scope, payload) } })));
    },

    async update(actor: AuditActor, scope: BusinessScope, id: string, input: unknown): Promise<PaymentResource> {
      const payload = paymentRequestSchema.parse(input);
      return write(scope, async (tx) => {
        const [before] = await repo.lockPayments(tx, scope, [id]);
        if (!before) throw AppError.notFound();
        if (payload.direction !== before.direction) throw AppError.validation('direction', messages.paymentDirectionLocked);
        const counterparty = await counterpartyFor(tx, scope, payload, before.counterpartyId);
        const mode = await modeFor(tx, scope, payload.payment_method_id);
        const newInvoiceId = payload.invoice_id ?? null;
        const invoices = await lockPaidInvoices(tx, scope.tenantId, [before.invoiceId, newInvoiceId].flatMap((invoiceId) => (invoiceId ? [invoiceId] : [])));
        const invoice = newInvoiceId ? invoices.get(newInvoiceId) : undefined;
        if (newInvoiceId && (!invoice || !settles(scope, payload.direction, counterparty, invoice))) throw AppError.validation('invoice_id', messages.invalidInvoice);
        const currencyId = invoice?.currencyId ?? counterparty.currencyId;
        checkMinimum(payload.amount, currencyId);
        const oldInvoice = before.invoiceId ? invoices.get(before.invoiceId) : undefined;
        if (invoice) {
          // The invoice as its other payments leave it: this payment's old amount no longer counts.
          const others = invoice.amountPaid - (invoice.id === before.invoiceId ? before.amount : 0);
          const partialPayments = await repo.partialPaymentsAllowed(tx, scope.tenantId);
          const settled = settledOrFail(settlePayment(payableInvoice(invoice, others), payload.amount, { partialPayments }));
          await writeAmountPaid(tx, actor, invoice, settled.amount_paid);
        }
        if (oldInvoice && oldInvoice.id !== invoice?.id) await writeAmountPaid(tx, actor, oldInvoice, oldInvoice.amountPaid - before.amount);
        let number: Partial<repo.PaymentInsert> = {};
        if (payload.payment_number && payload.payment_number !== before.paymentNumber) {
          if (await repo.paymentNumberTaken(tx, scope, payload.payment_number, id)) throw AppError.validation('payment_number', messages.paymentNumberTaken);
          number = { paymentNumber: payload.payment_number, sequenceNumber: null };
        }
        const patch: Partial<repo.PaymentInsert> = {
          ...number,
          counterpartyId: counterparty.id,
          counterpartyBusinessId: counterparty.counterpartyBusinessId,
          invoiceId: invoice?.id ?? null,
          paymentDate: payload.payment_date,
          amount: payload.amount,
          currencyId,
          exchangeRate: currencyId === before.currencyId ? before.exchangeRate : await rateFor(tx, scope, currencyId),
          paymentModeId: mode?.id ?? null,
          notes: payload.notes ?? null,
        };
        await repo.updatePayment(tx, scope, id, patch);
        await recordAudit(tx, actor, { model: 'payment', modelId: id, action: 'updated', before: auditView(before), after: auditView({ ...before, ...patch }) });
        return resource(tx, scope, id);
      });
    },

    /** Deletes payments (all or none) and takes their amounts off the invoices they settled. */
    async remove(actor: AuditActor, scope: BusinessScope, ids: readonly string[]): Promise<number> {
      const removed = await inTenant(app.db, scope.tenantId, async (tx) => {
        const rows = await repo.lockPayments(tx, scope, ids);
        if (rows.length !== new Set(ids).size) throw AppError.notFound();
        const invoices = await lockPaidInvoices(tx, scope.tenantId, rows.flatMap((row) => (row.invoiceId ? [row.invoiceId] : [])));
        for (const invoice of invoices.values()) {
          const released = rows.filter((row) => row.invoiceId === invoice.id).reduce((sum, row) => sum + row.amount, 0);
          await writeAmountPaid(tx, actor, invoice, invoice.amountPaid - released);
        }
        const files = await attachments.removeAll(tx, scope, 'payment', rows.map((row) => row.id));
        await repo.deletePayments(tx, scope, rows.map((row) => row.id));
        for (const row of rows) await recordAudit(tx, actor, { model: 'payment', modelId: row.id, action: 'deleted', before: auditView(row) });
        return { count: rows.length, files };
      });
      await attachments.purge(removed.files);
      return removed.count;
    },

    /** The receipt was mailed: nothing on the payment changes, the audit log keeps the fact. */
    async recordSentInTx(tx: Tx, actor: AuditActor, scope: BusinessScope, id: string): Promise<PaymentResource> {
      const [row] = await repo.lockPayments(tx, scope, [id]);
      if (!row) throw AppError.notFound();
      await recordAudit(tx, actor, { model: 'payment', modelId: id, action: 'updated', before: { event: null }, after: { event: 'receipt_sent' } });
      return resource(tx, scope, id);
    },

    /** For a public receipt link (the token already proved access): the payment as its counterparty sees it. */
    async getForRecipient(tenantId: string, id: string): Promise<PaymentResource | null> {
      return inTenant(app.db, tenantId, async (tx) => {
        const row = await repo.findPaymentInTenant(tx, tenantId, id);
        if (!row) return null;
        const [one] = await resources(tx, { tenantId, businessId: row.payment.businessId }, [row]);
        return one ?? null;
      });
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;

/** Payment modes attached to payments cannot be deleted. */
export const paymentModeUsedByPayments: UsageCheck = repo.modesUsedByPayments;

/** Payments count as transactions with a counterparty (its currency is then locked). */
export function counterpartyHasPayments(tx: Tx, scope: BusinessScope, counterpartyId: string): Promise<boolean> {
  return repo.counterpartyHasPayments(tx, scope, counterpartyId);
}
