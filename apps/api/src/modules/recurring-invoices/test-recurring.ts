import { expect } from 'vitest';
import type { RecurringInvoiceResource } from '@app/contracts';
import type { TestClient } from '../../../test/harness';

/** A two-line recurring invoice, weekly from the default start date (today); `overrides` replace top-level fields. */
export function recurringBody(customerId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    customer_id: customerId,
    items: [
      { name: 'Hosting', quantity: '1', price: 12000 },
      { name: 'Support', quantity: '2', price: 2500 },
    ],
    ...overrides,
  };
}

export async function createRecurring(client: TestClient, customerId: string, overrides: Record<string, unknown> = {}): Promise<RecurringInvoiceResource> {
  const response = await client.post('/api/v1/recurring-invoices', recurringBody(customerId, overrides));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as RecurringInvoiceResource;
}

export async function getRecurring(client: TestClient, id: string): Promise<RecurringInvoiceResource> {
  const response = await client.get(`/api/v1/recurring-invoices/${id}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as RecurringInvoiceResource;
}
