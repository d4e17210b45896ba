import { currencyById } from '@app/contracts';
import type { Tx } from '../../db/client';
import type { WebhookEventLog } from '../../platform/webhook-events';
import type { CounterpartyRecord } from './counterparties.repository';

type Change = 'created' | 'updated' | 'archived';

/** A customer or vendor as the webhook catalogue publishes it. */
export function counterpartyEventObject(row: CounterpartyRecord) {
  return {
    id: row.id,
    business_id: row.businessId,
    name: row.name,
    email: row.email,
    currency: currencyById(row.currencyId)?.code ?? String(row.currencyId),
    archived: row.archivedAt !== null,
  };
}

/** Writes `customer.<change>` or `vendor.<change>` by the record's kind, for the business that keeps the record. */
export async function recordCounterpartyEvent(tx: Tx, events: WebhookEventLog, change: Change, row: CounterpartyRecord): Promise<void> {
  const scope = { tenantId: row.tenantId, businessId: row.businessId };
  const object = counterpartyEventObject(row);
  if (row.kind === 'customer') await events.record(tx, scope, `customer.${change}`, { customer: object });
  else await events.record(tx, scope, `vendor.${change}`, { vendor: object });
}

/** `recordCounterpartyEvent` for many new records of one business and kind, in one statement. */
export async function recordCounterpartiesCreated(tx: Tx, events: WebhookEventLog, scope: { tenantId: string; businessId: string; kind: 'customer' | 'vendor' }, rows: readonly CounterpartyRecord[]): Promise<void> {
  const eventScope = { tenantId: scope.tenantId, businessId: scope.businessId };
  if (scope.kind === 'customer') await events.recordMany(tx, eventScope, 'customer.created', rows.map((row) => ({ customer: counterpartyEventObject(row) })));
  else await events.recordMany(tx, eventScope, 'vendor.created', rows.map((row) => ({ vendor: counterpartyEventObject(row) })));
}
