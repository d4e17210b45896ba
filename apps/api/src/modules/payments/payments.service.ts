import {
  dataResponse,
  messages,
  type PaymentDirection,
  type PaymentPayload,
  paymentRequestSchema,
  paymentRefundMessages,
  type PaymentResource,
  paymentResourceSchema,
} from '@app/contracts';
import { settlePayment } from '@app/domain';
import { z } from 'zod';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, recordAudit } from '../../platform/audit';
import { type BusinessScope, type UsageCheck } from '../../platform/business-scope';
import { newId } from '../../platform/crypto';
import { AppError, isValidationRefusal, refusingTaken } from '../../platform/errors';
import { type IdempotentRequest, type StoredResponse, runIdempotent } from '../../platform/idempotency';
import { loadDocumentBusiness } from '../documents/document-business';
import { allocateNumber, claimTypedNumber, numberingConfig } from '../documents/numbering';
import { type AmountPaidObserver, type PaidInvoiceRow, findClaimableInvoice, lockPaidInvoices, lockPayableInvoice, payableInvoice, writeAmountPaid } from '../invoices/invoice-payments';
import { createPaymentClaims } from './payment-claims.service';
import { recordPaymentEvents, storedPayment } from './payment-events';
import { createPaymentMirrors } from './payment-mirrors';
import { createOnlineBooking } from './payment-online';
import { createDepositBooking } from './payment-deposits';
import { createRefundBooking } from './payment-refunds';
import { createPaymentRemoval } from './payment-removal';
import { invoicesWithClaims } from './payment-claims.repository';
import { auditView } from './payment-resource';
import { createPaymentList } from './payment-list';
import { createPaymentReads } from './payment-reads';
import { checkMinimumWithoutInvoice, counterpartyField, counterpartyKind, firstChanged, settledOrFail, settles } from './payment-rules';
import * as repo from './payments.repository';
import { rateFor } from '../exchange-rates/exchange-rates.service';
import type { DocumentAttachments } from '../documents/document-attachments';

const NUMBER_CONSTRAINT = 'payments_business_number_unique';
const createdResponseSchema = dataResponse(paymentResourceSchema);
export type CreatedPayment = z.infer<typeof createdResponseSchema>;

/**
 * Payments recorded by hand: received from customers, made to vendors. A payment received and the
 * paid amounts of the invoice it settles change in one transaction, with the invoice row locked,
 * so concurrent payments queue on the invoice and can never take it past its total. A payment
 * made against a vendor's invoice is a claim (payment-claims.service.ts): the vendor's invoice
 * changes only when the vendor confirms it.
 */
/** `afterPaid` hears of every change of what was paid on an invoice, in the payment's transaction (financing's waterfall). */
export function createPaymentService(app: AppContext, attachments: DocumentAttachments, afterPaid: AmountPaidObserver) {
  const { resources, resource } = createPaymentReads();
  const paidHooks = { afterPaid, events: app.webhookEvents };

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

  /** The vendor's payment received that confirming a claim records: the claim's date and amount, on the invoice, from the invoice's customer. */
  async function recordReceipt(tx: Tx, actor: AuditActor, scope: BusinessScope, claim: repo.PaymentRow, invoice: PaidInvoiceRow): Promise<repo.PaymentRow> {
    const numbered = await numberFor(tx, scope, null, claim.paymentDate, invoice.customerId);
    const row = await repo.insertPayment(tx, {
      tenantId: scope.tenantId,
      id: newId(),
      businessId: scope.businessId,
      direction: 'received',
      counterpartyId: invoice.customerId,
      counterpartyBusinessId: invoice.customerBusinessId,
      invoiceId: invoice.id,
      paymentNumber: numbered.number,
      sequenceNumber: numbered.sequence,
      paymentDate: claim.paymentDate,
      amount: claim.amount,
      currencyId: invoice.currencyId,
      exchangeRate: await rateFor(tx, scope, invoice.currencyId),
      createdByUserId: actor.userId,
    });
    await recordAudit(tx, actor, { model: 'payment', modelId: row.id, action: 'created', after: auditView(row) });
    await recordPaymentEvents(tx, app.webhookEvents, ['payment.created'], row);
    return row;
  }

  const claims = createPaymentClaims(app, { write, recordReceipt, paidHooks });
  const mirrors = createPaymentMirrors(app, attachments, { numberFor: (tx, scope, date, counterpartyId) => numberFor(tx, scope, null, date, counterpartyId) });
  const online = createOnlineBooking({ numberFor: (tx, scope, date, counterpartyId) => numberFor(tx, scope, null, date, counterpartyId), mirrors, paidHooks });
  const removeInTx = createPaymentRemoval({ claims, mirrors, attachments, paidHooks });
  const deposits = createDepositBooking({ numberFor: (tx, scope, date, counterpartyId) => numberFor(tx, scope, null, date, counterpartyId), mirrors, paidHooks });

  /**
   * The invoice a payment names: for a payment received the business's own invoice, locked (its
   * amounts are written next); for a payment made the vendor's invoice addressed to the business,
   * only read (the claim writes nothing on it).
   */
  async function invoiceFor(tx: Tx, scope: BusinessScope, direction: PaymentDirection, counterparty: repo.CounterpartyRow, id: string): Promise<PaidInvoiceRow> {
    const invoice = direction === 'received' ? await lockPayableInvoice(tx, scope, id) : await findClaimableInvoice(tx, scope, id);
    if (!invoice || !settles(scope, direction, counterparty, invoice)) throw AppError.validation('invoice_id', messages.invalidInvoice);
    return invoice;
  }

  async function createInTx(tx: Tx, actor: AuditActor, scope: BusinessScope, payload: PaymentPayload): Promise<PaymentResource> {
    const counterparty = await counterpartyFor(tx, scope, payload, null);
    const mode = await modeFor(tx, scope, payload.payment_method_id);
    const invoice = payload.invoice_id ? await invoiceFor(tx, scope, payload.direction, counterparty, payload.invoice_id) : null;
    const currencyId = invoice?.currencyId ?? counterparty.currencyId;
    // A claim is checked against the invoice as it stands, so an impossible one is refused at once; confirming checks again.
    const settled = invoice
      ? settledOrFail(settlePayment(payableInvoice(invoice, invoice.amountPaid), payload.amount, { partialPayments: await repo.partialPaymentsAllowed(tx, scope.tenantId) }), currencyId)
      : null;
    if (!invoice) checkMinimumWithoutInvoice(payload.amount, currencyId);
    const claimed = payload.direction === 'made' && invoice !== null;
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
      ...(claimed ? { status: 'pending', claimStatus: 'claimed', claimedAt: app.clock.now() } : {}),
      createdByUserId: actor.userId,
    });
    if (invoice && settled && payload.direction === 'received') await writeAmountPaid(tx, actor, invoice, settled.amount_paid, paidHooks);
    await recordAudit(tx, actor, { model: 'payment', modelId: row.id, action: 'created', after: auditView(row) });
    await recordPaymentEvents(tx, app.webhookEvents, ['payment.created'], row);
    if (invoice && payload.direction === 'received') await mirrors.recorded(tx, row, invoice);
    if (invoice && claimed) await claims.notifyClaimed(tx, row, invoice);
    return resource(tx, scope, row.id);
  }

  /**
   * What an edit changes of the payment's money; `claimedAgain`: the invoice whose vendor hears of
   * the (re)submitted claim; `mirroredOn`: for a payment received not confirming a claim, the
   * invoice it now settles (or null), which its customer business's mirror follows.
   */
  type MoneyChange = { patch: Partial<repo.PaymentInsert>; claimedAgain: PaidInvoiceRow | null; mirroredOn?: PaidInvoiceRow | null };

  async function moneyPatch(tx: Tx, scope: BusinessScope, before: repo.PaymentRow, payload: PaymentPayload, currencyId: number, invoiceId: string | null): Promise<Partial<repo.PaymentInsert>> {
    return {
      invoiceId,
      paymentDate: payload.payment_date,
      amount: payload.amount,
      currencyId,
      exchangeRate: currencyId === before.currencyId ? before.exchangeRate : await rateFor(tx, scope, currencyId),
    };
  }

  /** A payment received: its old and new invoices (locked) get their paid amounts back and forth. */
  async function receivedChange(tx: Tx, actor: AuditActor, scope: BusinessScope, before: repo.PaymentRow, payload: PaymentPayload, counterparty: repo.CounterpartyRow): Promise<MoneyChange> {
    const newInvoiceId = payload.invoice_id ?? null;
    // The provider's money, and any refund of it, is what it is: not to be rewritten by hand.
    const online = before.providerPaymentId !== null && firstChanged({ invoice_id: newInvoiceId !== before.invoiceId, amount: payload.amount !== before.amount });
    if (online) throw AppError.validation(online, paymentRefundMessages.onlineLocked);
    // A payment received that confirmed a customer's claim stays what was confirmed.
    const confirmsClaim = (await claims.confirmedBy(tx, scope.tenantId, [before.id])).length > 0;
    if (confirmsClaim) {
      const locked = firstChanged({ customer_id: counterparty.id !== before.counterpartyId, invoice_id: newInvoiceId !== before.invoiceId, amount: payload.amount !== before.amount });
      if (locked) throw AppError.validation(locked, messages.claimReceiptLocked);
    }
    const invoices = await lockPaidInvoices(tx, scope.tenantId, [before.invoiceId, newInvoiceId].flatMap((invoiceId) => (invoiceId ? [invoiceId] : [])));
    const invoice = newInvoiceId ? invoices.get(newInvoiceId) : undefined;
    if (newInvoiceId && (!invoice || !settles(scope, 'received', counterparty, invoice))) throw AppError.validation('invoice_id', messages.invalidInvoice);
    const currencyId = invoice?.currencyId ?? counterparty.currencyId;
    const oldInvoice = before.invoiceId ? invoices.get(before.invoiceId) : undefined;
    if (invoice) {
      // The invoice as its other payments leave it: this payment's old amount no longer counts.
      const others = invoice.amountPaid - (invoice.id === before.invoiceId ? before.amount : 0);
      const partialPayments = await repo.partialPaymentsAllowed(tx, scope.tenantId);
      const settled = settledOrFail(settlePayment(payableInvoice(invoice, others), payload.amount, { partialPayments }), currencyId);
      await writeAmountPaid(tx, actor, invoice, settled.amount_paid, paidHooks);
    } else checkMinimumWithoutInvoice(payload.amount, currencyId);
    if (oldInvoice && oldInvoice.id !== invoice?.id) await writeAmountPaid(tx, actor, oldInvoice, oldInvoice.amountPaid - before.amount, paidHooks);
    const patch = await moneyPatch(tx, scope, before, payload, currencyId, invoice?.id ?? null);
    return confirmsClaim ? { patch, claimedAgain: null } : { patch, claimedAgain: null, mirroredOn: invoice ?? null };
  }

  /**
   * A payment made: confirmed by the vendor, only the payer's own bookkeeping (number, mode,
   * notes) may change. Otherwise the edit is a new claim (or, without an invoice, no claim): a
   * rejected claim, or one whose invoice, date or amount changed, goes to the vendor again.
   */
  async function madeChange(tx: Tx, scope: BusinessScope, before: repo.PaymentRow, payload: PaymentPayload, counterparty: repo.CounterpartyRow): Promise<MoneyChange> {
    const newInvoiceId = payload.invoice_id ?? null;
    const moved = { invoice_id: newInvoiceId !== before.invoiceId, payment_date: payload.payment_date !== before.paymentDate, amount: payload.amount !== before.amount };
    if (before.claimStatus === 'confirmed') {
      const locked = firstChanged({ vendor_id: counterparty.id !== before.counterpartyId, ...moved });
      if (locked) throw AppError.validation(locked, messages.claimConfirmedLocked);
      return { patch: {}, claimedAgain: null };
    }
    const invoice = newInvoiceId ? await invoiceFor(tx, scope, 'made', counterparty, newInvoiceId) : null;
    const currencyId = invoice?.currencyId ?? counterparty.currencyId;
    if (invoice) settledOrFail(settlePayment(payableInvoice(invoice, invoice.amountPaid), payload.amount, { partialPayments: await repo.partialPaymentsAllowed(tx, scope.tenantId) }), currencyId);
    else checkMinimumWithoutInvoice(payload.amount, currencyId);
    const again = invoice !== null && (before.claimStatus !== 'claimed' || firstChanged(moved) !== undefined);
    const claim: Partial<repo.PaymentInsert> = invoice
      ? { status: 'pending', claimStatus: 'claimed', claimedAt: again ? app.clock.now() : before.claimedAt }
      : { status: 'completed', claimStatus: null, claimedAt: null };
    return {
      patch: { ...(await moneyPatch(tx, scope, before, payload, currencyId, invoice?.id ?? null)), ...claim, claimDecidedAt: null, claimDecidedByUserId: null, claimReason: null },
      claimedAgain: again ? invoice : null,
    };
  }

  return {
    ...createPaymentList(app, resources),

    async get(scope: BusinessScope, id: string): Promise<PaymentResource> {
      return inTenant(app.db, scope.tenantId, (tx) => resource(tx, scope, id));
    },

    /** `get` inside the caller's transaction (the delivery core reads what it sends there). */
    getInTx: resource,

    /** POST /payments: with an Idempotency-Key, the same request again gets the first response (and mails nothing again). */
    async create(actor: AuditActor, scope: BusinessScope, input: unknown, idempotency: IdempotentRequest | null): Promise<StoredResponse<CreatedPayment>> {
      const payload = paymentRequestSchema.parse(input);
      return write(scope, (tx) => runIdempotent(tx, scope, idempotency, createdResponseSchema, async () => ({ status: 201, body: { data: await createInTx(tx, actor, scope, payload) } })));
    },

    async update(actor: AuditActor, scope: BusinessScope, id: string, input: unknown): Promise<PaymentResource> {
      const payload = paymentRequestSchema.parse(input);
      const purged: string[] = [];
      const updated = await write(scope, async (tx) => {
        const [before] = await repo.lockPayments(tx, scope, [id]);
        if (!before) throw AppError.notFound();
        if (payload.direction !== before.direction) throw AppError.validation('direction', messages.paymentDirectionLocked);
        const counterparty = await counterpartyFor(tx, scope, payload, before.counterpartyId);
        const mode = await modeFor(tx, scope, payload.payment_method_id);
        const change = before.direction === 'received' ? await receivedChange(tx, actor, scope, before, payload, counterparty) : await madeChange(tx, scope, before, payload, counterparty);
        let number: Partial<repo.PaymentInsert> = {};
        if (payload.payment_number && payload.payment_number !== before.paymentNumber) {
          if (await repo.paymentNumberTaken(tx, scope, payload.payment_number, id)) throw AppError.validation('payment_number', messages.paymentNumberTaken);
          number = { paymentNumber: payload.payment_number, sequenceNumber: null };
        }
        const patch: Partial<repo.PaymentInsert> = {
          ...number,
          ...change.patch,
          counterpartyId: counterparty.id,
          counterpartyBusinessId: counterparty.counterpartyBusinessId,
          paymentModeId: mode?.id ?? null,
          notes: payload.notes ?? null,
        };
        await repo.updatePayment(tx, scope, id, patch);
        await recordAudit(tx, actor, { model: 'payment', modelId: id, action: 'updated', before: auditView(before), after: auditView({ ...before, ...patch }) });
        await recordPaymentEvents(tx, app.webhookEvents, ['payment.updated'], await storedPayment(tx, scope.tenantId, id));
        if (change.mirroredOn !== undefined) purged.push(...(await mirrors.changed(tx, { ...before, ...patch }, change.mirroredOn)));
        if (change.claimedAgain) await claims.notifyClaimed(tx, { ...before, ...patch }, change.claimedAgain);
        return resource(tx, scope, id);
      });
      await attachments.purge(purged);
      return updated;
    },

    /** Deletes payments (all or none): payment-removal.ts. */
    async remove(actor: AuditActor, scope: BusinessScope, ids: readonly string[]): Promise<number> {
      const removed = await inTenant(app.db, scope.tenantId, (tx) => removeInTx(tx, actor, scope, ids));
      await removed.purge();
      return removed.count;
    },

    /** A payment received of an import's row, in the import's one transaction; returns its id. */
    createImportedInTx: async (tx: Tx, actor: AuditActor, scope: BusinessScope, payload: PaymentPayload): Promise<string> => (await createInTx(tx, actor, scope, payload)).id,

    /** Deletes the payments an import created that are still there, in the caller's transaction; null (nothing deleted) when one can no longer be. `purge` runs after commit. */
    async removeImportedInTx(tx: Tx, actor: AuditActor, scope: BusinessScope, ids: readonly string[]): Promise<{ purge: () => Promise<void> } | null> {
      const present = (await repo.lockPayments(tx, scope, ids)).map((row) => row.id);
      if (present.length === 0) return { purge: async () => {} };
      try {
        return await removeInTx(tx, actor, scope, present);
      } catch (error) {
        // The checks refuse before anything is written: the transaction goes on.
        if (isValidationRefusal(error)) return null;
        throw error;
      }
    },

    /** Which of these payment numbers the business's payments already have (an import refuses them). */
    takenNumbersInTx: repo.takenPaymentNumbers,

    /** GET /payments/claims: the customers' claims addressed to the business. */
    listClaims: claims.list,

    /** The one way a claim is confirmed: the vendor's route now, the payment provider's verified event later. */
    confirmClaim: claims.confirm,

    rejectClaim: claims.reject,

    /** A payment the payment provider collected online, booked in the caller's (the inbox's) transaction: payment-online.ts. */
    recordOnlineInTx: online.record,

    /** The payment made mirroring the provider payment booked for its vendor, as the customer business sees it (a BNPL loan's payment of the invoice); null when there is none. */
    async mirrorOfProviderPaymentInTx(tx: Tx, customer: BusinessScope, providerPaymentId: string): Promise<PaymentResource | null> {
      const receipt = await repo.findByProviderPaymentId(tx, customer.tenantId, providerPaymentId);
      const [mirror] = receipt ? await repo.lockMirrorsOf(tx, customer.tenantId, [receipt.id]) : [];
      return mirror?.businessId === customer.businessId ? resource(tx, customer, mirror.id) : null;
    },

    /** Deposits on estimates: booked from the provider's event, read as the estimate's deposit, carried to the invoice on conversion (payment-deposits.ts). */
    deposits,

    /** Refunds of online payments, in the caller's transaction: payment-refunds.ts. */
    refunds: createRefundBooking(paidHooks),

    /** The receipt was mailed: nothing on the payment changes, the audit log keeps the fact. */
    async recordReceiptSentInTx(tx: Tx, actor: AuditActor, scope: BusinessScope, id: string): Promise<void> {
      const [row] = await repo.lockPayments(tx, scope, [id]);
      if (!row) throw AppError.notFound();
      await recordAudit(tx, actor, { model: 'payment', modelId: id, action: 'updated', before: { event: null }, after: { event: 'receipt_sent' } });
    },

    /** For a public receipt link (the token already proved access): the payment as its counterparty sees it. */
    async getForRecipient(tenantId: string, id: string): Promise<PaymentResource | null> {
      return inTenant(app.db, tenantId, async (tx) => {
        const row = await repo.findPaymentInTenant(tx, tenantId, id);
        if (!row) return null;
        const [one] = await resources(tx, { tenantId, businessId: row.payment.businessId }, [row]);
        // The payer sees their charge and refunds; the vendor's fee and transfer are the vendor's business.
        return one ? { ...one, transfers: [] } : null;
      });
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
export type { OnlinePayment } from './payment-online';
export type { DepositEstimate, OnlineDeposit } from './payment-deposits';

/** Payment modes attached to payments cannot be deleted. */
export const paymentModeUsedByPayments: UsageCheck = repo.modesUsedByPayments;

/** Usage check: invoices of the business that its customers' payments made (claims, in any state) name. */
export const invoicesClaimedByCustomers: UsageCheck = invoicesWithClaims;

/** Payments count as transactions with a counterparty (its currency is then locked). */
export function counterpartyHasPayments(tx: Tx, scope: BusinessScope, counterpartyId: string): Promise<boolean> {
  return repo.counterpartyHasPayments(tx, scope, counterpartyId);
}
