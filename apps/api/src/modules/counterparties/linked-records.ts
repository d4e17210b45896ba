import type { CounterpartyKind } from '@app/contracts';
import type { Tx } from '../../db/client';
import { recordAudit, systemActor } from '../../platform/audit';
import { newId } from '../../platform/crypto';
import type { WebhookEventLog } from '../../platform/webhook-events';
import * as businessPort from '../businesses/businesses.port';
import { recordCounterpartyEvent } from './counterparty-events';
import * as repo from './counterparties.repository';

/** What a linked record copies of the other business: how it is named and reached, and its currency. */
type BusinessCard = Pick<repo.CounterpartyRecord, 'name' | 'contactFirstName' | 'contactLastName' | 'email' | 'phone' | 'website' | 'currencyId'>;

/** A new record of `counterpartyBusinessId` in `scope`, made from that business's card; the other business is its creator, so only it edits the record. */
export function linkedRecordRow(scope: repo.Scope, id: string, counterpartyBusinessId: string, business: BusinessCard): repo.CounterpartyRecordInsert {
  return {
    tenantId: scope.tenantId,
    id,
    businessId: scope.businessId,
    kind: scope.kind,
    counterpartyBusinessId,
    creatorBusinessId: counterpartyBusinessId,
    name: business.name,
    contactFirstName: business.contactFirstName,
    contactLastName: business.contactLastName,
    email: business.email,
    phone: business.phone,
    website: business.website,
    currencyId: business.currencyId,
  };
}

/**
 * The record a business keeps of another business on the platform, as `kind`: its own when it
 * has one, else one made now from the other business's name, contact, email and currency. As for
 * the records onboarding mirrors, the other business is its creator. Made records are audited on
 * the owning business's side (no user of it acted).
 */
export async function ensureLinkedRecord(tx: Tx, events: WebhookEventLog, tenantId: string, businessId: string, kind: CounterpartyKind, counterpartyBusinessId: string): Promise<repo.CounterpartyRecord> {
  const scope: repo.Scope = { tenantId, businessId, kind };
  const existing = await repo.findLinked(tx, scope, counterpartyBusinessId);
  if (existing) return existing;
  const business = await businessPort.findBusiness(tx, tenantId, counterpartyBusinessId);
  if (!business) throw new Error('Linked business missing');
  const id = newId();
  await repo.insertCounterparty(tx, linkedRecordRow(scope, id, counterpartyBusinessId, business));
  const created = await repo.findLinked(tx, scope, counterpartyBusinessId);
  if (!created) throw new Error('Linked record insert returned no row');
  const owner = systemActor(tenantId, businessId);
  await recordAudit(tx, owner, { model: kind, modelId: id, action: 'created', after: { name: created.name, email: created.email, currency_id: created.currencyId, counterparty_business_id: counterpartyBusinessId } });
  await recordCounterpartyEvent(tx, events, 'created', created);
  return created;
}
