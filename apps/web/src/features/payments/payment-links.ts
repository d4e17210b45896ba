import type { BusinessResource, CounterpartyKind, PaymentDirection } from '@app/contracts';
import { companyPaths } from '../../lib/paths';

export const paymentLinks = {
  list: (direction: PaymentDirection) => `${companyPaths.payments}?tab=${direction}`,
  view: (id: string) => `${companyPaths.payments}/${encodeURIComponent(id)}/view`,
};

/**
 * Which payments a business sees (spec section 2): one that only sells (vendor) receives payments,
 * one that only buys (customer) makes them, one that does both has both tabs.
 */
export function paymentDirectionsFor(business: Pick<BusinessResource, 'is_customer' | 'is_vendor'> | null): readonly PaymentDirection[] {
  if (business?.is_customer && !business.is_vendor) return ['made'];
  if (business?.is_vendor && !business.is_customer) return ['received'];
  return ['received', 'made'];
}

export function readPaymentDirection(value: string | null, allowed: readonly PaymentDirection[]): PaymentDirection {
  const found = allowed.find((direction) => direction === value);
  return found ?? allowed[0] ?? 'received';
}

/** Payments received come from customers; payments made go to vendors. */
export function counterpartyKindOf(direction: PaymentDirection): CounterpartyKind {
  return direction === 'received' ? 'customer' : 'vendor';
}
