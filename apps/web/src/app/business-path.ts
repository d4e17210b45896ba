import { redirect, type LoaderFunction } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { customerPayPaths } from '../lib/paths';
import { signInPathFor } from '../lib/return-path';
import { loadSession, sessionKey } from '../lib/session';
import { storage } from '../lib/storage';

/** Cached data that does not depend on the selected business (as the business switcher keeps it). */
const globalQueryRoots = new Set(['session', 'tenant-config']);

/**
 * `/{business}/customer/invoices/payment/{id}` and `…/payment-method/{id}` (spec section 2): the
 * business, by id or slug, is one of the user's; it becomes the selected business (as the switcher
 * does), then the pay page opens (leading with the saved payment methods for `payment-method`),
 * checking pay-invoice for that business. A business the user does not belong to is /403.
 */
export function selectBusinessThenPay(queryClient: QueryClient, lead: 'form' | 'saved-method' = 'form'): LoaderFunction {
  return async ({ params, request }) => {
    const session = await loadSession(queryClient);
    if (!session) throw redirect(signInPathFor(request.url));
    const wanted = params.business ?? '';
    const company = session.companies.find((candidate) => candidate.id === wanted || candidate.slug === wanted);
    if (!company) throw redirect('/403');
    if (session.current_business?.id !== company.id) {
      storage.setSelectedBusiness(company.id);
      queryClient.removeQueries({ predicate: (query) => !globalQueryRoots.has(String(query.queryKey[0])) });
      await queryClient.invalidateQueries({ queryKey: sessionKey });
      await loadSession(queryClient);
    }
    throw redirect(lead === 'form' ? customerPayPaths.pay(params.id ?? '') : customerPayPaths.payWithSaved(params.id ?? ''));
  };
}
