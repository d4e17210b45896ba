import { describe, expect, it } from 'vitest';
import { adminCreateBusinessRequestSchema } from './admin';
import { createCounterpartyRequestSchema } from './counterparties';
import { messages } from './messages';

describe('one address rule for businesses and counterparties', () => {
  it('refuses a partly filled address with the spec message, in both request schemas', () => {
    const partial = { city: 'Springfield' };
    const admin = adminCreateBusinessRequestSchema.safeParse({ name: 'Acme Works', owner_email: 'o@acme.example.com', billing_address: partial });
    const counterparty = createCounterpartyRequestSchema.safeParse({ name: 'Acme Works', billing_address: partial });
    for (const result of [admin, counterparty]) {
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toContain(messages.incompleteAddress);
    }
  });

  it('accepts a complete or an empty address', () => {
    const complete = { address_street_1: '1 Main St', city: 'Springfield', country_id: 1 };
    expect(adminCreateBusinessRequestSchema.safeParse({ name: 'Acme Works', owner_email: 'o@acme.example.com', billing_address: complete }).success).toBe(true);
    expect(createCounterpartyRequestSchema.safeParse({ name: 'Acme Works', shipping_address: { name: '' } }).success).toBe(true);
  });
});
