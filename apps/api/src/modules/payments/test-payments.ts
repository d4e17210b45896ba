import { expect } from 'vitest';
import type { InvoiceResource, PaymentResource } from '@app/contracts';
import type { TestClient } from '../../../test/harness';
import { createInvoice } from '../../../test/documents';

/** An open invoice of one line: `total` in minor units, no tax. */
export async function openInvoice(client: TestClient, customerId: string, total: number): Promise<InvoiceResource> {
  const invoice = await createInvoice(client, customerId, { items: [{ name: 'Work', quantity: '1', price: total }] });
  const finalized = await client.post(`/api/v1/invoices/${invoice.id}/finalize`);
  expect(finalized.status, JSON.stringify(finalized.body)).toBe(200);
  return finalized.body.data as InvoiceResource;
}

export async function invoiceOf(client: TestClient, id: string): Promise<InvoiceResource> {
  const response = await client.get(`/api/v1/invoices/${id}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as InvoiceResource;
}

/** A payment received from a customer, dated 2026-11-20; `overrides` replace fields. */
export function paymentBody(customerId: string, amount: number | string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { direction: 'received', customer_id: customerId, payment_date: '2026-11-20', amount, ...overrides };
}

export async function createPayment(client: TestClient, body: Record<string, unknown>): Promise<PaymentResource> {
  const response = await client.post('/api/v1/payments', body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as PaymentResource;
}

export async function createMode(client: TestClient, name: string): Promise<string> {
  const response = await client.post('/api/v1/payments/methods', { name });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return (response.body.data as { id: string }).id;
}
