import type { CounterpartyKind } from '@app/contracts';
import type { Tx } from '../../db/client';
import { findCounterparty } from './counterparties.repository';

/** A customer's or vendor's name, read in the caller's transaction (a notification mail names who acted); null when not in the business. */
export async function counterpartyNameInTx(tx: Tx, tenantId: string, businessId: string, kind: CounterpartyKind, id: string): Promise<string | null> {
  return (await findCounterparty(tx, { tenantId, businessId, kind }, id))?.name ?? null;
}
