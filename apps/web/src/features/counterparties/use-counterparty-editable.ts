import type { CounterpartyKind, CounterpartyResource } from '@app/contracts';
import { useBootstrap, useCan } from '../../lib/session';
import { counterpartyKinds } from '../../lib/counterparty-kinds';

/**
 * Whether the current user may edit a record (spec: only the business that created it, never once
 * an admin onboarded it, and with the kind's edit ability). The edit route sends the others to
 * /403; the edit buttons and the edit modal are simply not offered.
 */
export function useCounterpartyEditable(kind: CounterpartyKind): (record: Pick<CounterpartyResource, 'creator_business_id' | 'admin_onboarded'>) => boolean {
  const can = useCan('business');
  const business = useBootstrap().current_business?.id;
  const allowed = can(counterpartyKinds[kind].abilities.edit);
  return (record) => allowed && record.creator_business_id === business && !record.admin_onboarded;
}
