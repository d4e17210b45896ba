import {
  type PaymentMovement,
  type PaymentRefundRequest,
  type PaymentRefundResource,
  onlinePaymentMessages,
  paymentRefundMessages,
  paymentRefundRequestSchema,
} from '@app/contracts';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, recordAudit, systemActor } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { PaymentProviderError, type ProviderRefund } from '../../platform/providers/payment-provider';
import type { PaymentService } from '../payments/payments.service';
import type { InboxEvent } from '../provider-events/provider-events.service';
import { paymentProviderSettings } from '../tenants/tenants.service';
import { movementList, toRefundResource } from './payment-movement-views';
import * as repo from './payment-movements.repository';

/** The provider events whose objects this module stores (charges, fees, transfers, refunds) and books refunds from. */
export const PAYMENT_MOVEMENT_EVENTS = [
  'charge.succeeded',
  'charge.refunded',
  'application_fee.created',
  'application_fee.refunded',
  'transfer.created',
  'transfer.reversed',
  'refund.created',
  'refund.updated',
  'refund.failed',
] as const;

export type PaymentMovementDeps = { payments: Pick<PaymentService, 'refunds'> };

/**
 * Refunds of online payments and what the provider moved for a payment (issue 17, items 2 and 3).
 * The vendor's refund is asked of the provider under the payment's lock (taking back the transfer
 * and the platform's fee in proportion); its money is booked only from the provider's verified
 * event, in the inbox's transaction, once per provider refund. Charges, fees, transfers and
 * refunds are stored as the verified events tell them, keyed by provider id and linked by
 * PaymentIntent and charge, so the payment's list is the provider's word in any event order.
 */
export function createPaymentMovementService(app: AppContext, deps: PaymentMovementDeps) {
  /** Books one refund the provider reports, when it succeeded and belongs to a payment we booked. */
  async function applyRefund(tx: Tx, event: InboxEvent, told: ProviderRefund): Promise<void> {
    // Locked first: the vendor's request holds it while it asks the provider, so its row is there once this goes on.
    const payment = await deps.payments.refunds.lockByProviderPaymentId(tx, event.tenantId, told.paymentAttemptId);
    // Money refunded because no invoice could take it (online-payments' `unbookable` refund): no payment, nothing moves.
    if (!payment) return;
    await repo.insertRefundOnce(tx, {
      tenantId: event.tenantId,
      id: newId(),
      businessId: payment.businessId,
      paymentId: payment.id,
      providerRefundId: told.id,
      amount: told.amount,
      currency: told.currency,
      status: told.status,
      requestedByUserId: null,
    });
    const row = await repo.lockRefund(tx, event.tenantId, told.id);
    if (!row || row.bookedAt || row.paymentId !== payment.id) return;
    const actor = systemActor(event.tenantId, payment.businessId);
    if (told.status !== 'succeeded') {
      await repo.updateRefund(tx, event.tenantId, row.id, { status: told.status });
      return;
    }
    const mismatch = told.amount !== row.amount || told.currency !== row.currency ? `the event tells of ${told.amount} ${told.currency}, ${row.amount} ${row.currency} was asked` : told.amount > payment.amount - payment.refundedAmount ? 'it is more than is left of the payment' : null;
    if (mismatch) {
      await recordAudit(tx, actor, { model: 'payment', modelId: payment.id, action: 'updated', after: { event: 'refund_ignored', provider_event_id: event.providerEventId, provider_refund_id: told.id, reason: mismatch } });
      return;
    }
    await deps.payments.refunds.book(tx, actor, payment, told.amount, told.id);
    await repo.updateRefund(tx, event.tenantId, row.id, { status: 'succeeded', bookedAt: app.clock.now() });
  }

  return {
    /**
     * POST /payments/{id}/refund: all that is left of the payment, or `amount` of it, asked of the
     * provider with a key derived from the payment and its refund count, so a retry after a lost
     * answer refunds once. Refunds asked for and not booked yet count as gone.
     */
    async refund(actor: AuditActor, scope: BusinessScope, paymentId: string, input: PaymentRefundRequest): Promise<PaymentRefundResource> {
      const request = paymentRefundRequestSchema.parse(input);
      // Read before the transaction (the embedded database has one connection).
      const settings = await paymentProviderSettings(app, scope.tenantId);
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const payment = await deps.payments.refunds.lock(tx, scope, paymentId);
        if (!settings) throw AppError.conflict(onlinePaymentMessages.notSetUp);
        const left = payment.amount - payment.refundedAmount - (await repo.heldRefundTotal(tx, scope.tenantId, payment.id));
        if (left <= 0) throw AppError.validation('amount', paymentRefundMessages.nothingLeft);
        const amount = request.amount ?? left;
        if (amount > left) throw AppError.validation('amount', paymentRefundMessages.tooMuch);
        const attempt = (await repo.refundCount(tx, scope.tenantId, payment.id)) + 1;
        const provider = app.paymentProviders(settings.credentials);
        const refund = await provider.refundPaymentAttempt(payment.providerPaymentId, amount, `refund:${payment.providerPaymentId}:${attempt}`).catch((error: unknown) => {
          throw error instanceof PaymentProviderError ? new AppError('provider', error.message, 422) : error;
        });
        await repo.insertRefundOnce(tx, {
          tenantId: scope.tenantId,
          id: newId(),
          businessId: scope.businessId,
          paymentId: payment.id,
          providerRefundId: refund.id,
          amount: refund.amount,
          currency: refund.currency,
          // Booked from the event only: until then it is held, whatever the provider answered.
          status: refund.status === 'succeeded' ? 'pending' : refund.status,
          requestedByUserId: actor.userId,
        });
        await recordAudit(tx, actor, { model: 'payment', modelId: payment.id, action: 'updated', after: { event: 'refund_requested', provider_refund_id: refund.id, amount: refund.amount } });
        const row = await repo.lockRefund(tx, scope.tenantId, refund.id);
        if (!row) throw new Error(`Refund ${refund.id} was not stored`);
        return toRefundResource(row);
      });
    },

    /** GET /payments/{id}/transfers: the business's own payment's movements, as the provider's events told them; none for a payment recorded by hand. */
    async transfers(scope: BusinessScope, paymentId: string): Promise<PaymentMovement[]> {
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const payment = await deps.payments.refunds.find(tx, scope, paymentId);
        if (!payment) return [];
        return movementList(await repo.movementsOfIntents(tx, scope.tenantId, [payment.providerPaymentId]), payment.method);
      });
    },

    /** The inbox's handler for PAYMENT_MOVEMENT_EVENTS, in its transaction: stores what the object tells, then books any refund it carries. */
    async applyEvent(tx: Tx, event: InboxEvent): Promise<void> {
      const settings = await paymentProviderSettings(app, event.tenantId, tx);
      if (!settings) return;
      const provider = app.paymentProviders(settings.credentials);
      for (const movement of provider.movementsOf(event.object)) {
        await repo.upsertMovement(tx, {
          tenantId: event.tenantId,
          id: newId(),
          providerObjectId: movement.id,
          kind: movement.kind,
          paymentIntentId: movement.paymentAttemptId,
          chargeId: movement.chargeId,
          amount: movement.amount,
          amountReversed: movement.amountReversed,
          currency: movement.currency,
          status: movement.status,
          destination: movement.destination,
          providerCreatedAt: new Date(movement.created * 1000),
        });
      }
      for (const refund of provider.refundsOf(event.object)) await applyRefund(tx, event, refund);
    },
  };
}

export type PaymentMovementService = ReturnType<typeof createPaymentMovementService>;
