import { type EstimateStatus, type WebhookEventData, type WebhookEventType, currencyById } from '@app/contracts';
import type { Tx } from '../../db/client';
import type { WebhookEventLog } from '../../platform/webhook-events';
import type { EstimateRow } from './estimates.repository';

/** The events whose payload is one estimate. */
export type EstimateEventType = Extract<WebhookEventType, `estimate.${string}`>;
export type EstimateEventObject = WebhookEventData<'estimate.created'>['estimate'];

/** An estimate as the webhook catalogue publishes it: the stored status, money in minor units. */
export function estimateEventObject(row: EstimateRow): EstimateEventObject {
  return {
    id: row.id,
    business_id: row.businessId,
    estimate_number: row.estimateNumber,
    // The stored status is one of estimateStatuses (the transition table writes it); the catalogue's schema checks it again.
    status: row.status as EstimateStatus,
    customer_id: row.customerId,
    currency: currencyById(row.currencyId)?.code ?? String(row.currencyId),
    total: row.total,
    estimate_date: row.estimateDate,
    expiry_date: row.expiryDate,
    invoice_id: row.convertedInvoiceId,
  };
}

/** Writes an estimate event for the issuing business, in the transaction of the change. */
export function recordEstimateEvent(tx: Tx, events: WebhookEventLog, type: EstimateEventType, row: EstimateRow): Promise<string> {
  return events.record(tx, { tenantId: row.tenantId, businessId: row.businessId }, type, { estimate: estimateEventObject(row) });
}
