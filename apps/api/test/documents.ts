import { expect } from 'vitest';
import type { CounterpartyResource, InvoiceResource } from '@app/contracts';
import type { Harness, TestClient } from './harness';
import { linkIn } from './smtp';

export const CUSTOMER_PASSWORD = 'Customer!Passw0rd';
export const postalAddress = { name: 'HQ', phone: '555 123 4567', address_street_1: '1 Main St', address_street_2: null, city: 'Zürich', state: 'ZH', country_id: 216, zip: '8001' };

export async function createCustomer(vendor: TestClient, name: string, email: string | null = null, extra: Record<string, unknown> = {}): Promise<CounterpartyResource> {
  const response = await vendor.post('/api/v1/customers', { name, ...(email ? { email } : {}), billing_address: postalAddress, ...extra });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as CounterpartyResource;
}

/** A customer whose owner onboarded: returns the customer record and a client signed in to the customer's business. `extra`: more fields of the record (its currency). */
export async function onboardedCustomer(
  h: Harness,
  vendor: TestClient,
  name: string,
  email: string,
  extra: Record<string, unknown> = {},
): Promise<{ customer: CounterpartyResource; client: TestClient }> {
  const customer = await createCustomer(vendor, name, email, { ...extra, send_invitation: true });
  const mail = await h.smtp.waitFor(email);
  const token = linkIn(mail, /onboarding-business-invitation\/[\w-]+/).split('/')[1] ?? '';
  const guest = h.client();
  await guest.csrf();
  const accepted = await guest.post(`/api/v1/onboarding-business-invitation/${token}`, { name: `${name} Owner`, password: CUSTOMER_PASSWORD, password_confirmation: CUSTOMER_PASSWORD });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  const client = h.client();
  expect((await client.login(email, CUSTOMER_PASSWORD)).status).toBe(200);
  client.business = customer.customer_business.id;
  return { customer, client };
}

export async function createTaxType(client: TestClient, name: string, percent: string, compoundTax = false): Promise<string> {
  const response = await client.post('/api/v1/tax-types', { name, percent, compound_tax: compoundTax });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return (response.body.data as { id: string }).id;
}

/** A two-line invoice body; `overrides` replace top-level fields. */
export function invoiceBody(customerId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    customer_id: customerId,
    invoice_date: '2026-11-20',
    items: [
      { name: 'Consulting', quantity: '2', price: 15000 },
      { name: 'Support', quantity: '1', price: 5000 },
    ],
    ...overrides,
  };
}

export async function createInvoice(client: TestClient, customerId: string, overrides: Record<string, unknown> = {}): Promise<InvoiceResource> {
  const response = await client.post('/api/v1/invoices', invoiceBody(customerId, overrides));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as InvoiceResource;
}
