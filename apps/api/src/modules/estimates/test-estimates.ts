import { expect } from 'vitest';
import type { EstimateResource } from '@app/contracts';
import type { TestClient } from '../../../test/harness';

/** A two-line estimate body dated 2026-11-20; `overrides` replace top-level fields. */
export function estimateBody(customerId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    customer_id: customerId,
    estimate_date: '2026-11-20',
    items: [
      { name: 'Consulting', quantity: '2', price: 15000 },
      { name: 'Support', quantity: '1', price: 5000 },
    ],
    ...overrides,
  };
}

export async function createEstimate(client: TestClient, customerId: string, overrides: Record<string, unknown> = {}): Promise<EstimateResource> {
  const response = await client.post('/api/v1/estimates', estimateBody(customerId, overrides));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as EstimateResource;
}

/** Runs one status action and returns the estimate after it. */
export async function act(client: TestClient, id: string, action: 'finalize' | 'void' | 'mark-sent'): Promise<EstimateResource> {
  const response = await client.post(`/api/v1/estimates/${id}/${action}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as EstimateResource;
}
