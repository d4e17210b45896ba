import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NextNumberResponse, messages, numberedModels } from '@app/contracts';
import { presenting } from '../../../test/access-callers';
import { type DocumentActor, type DocumentActors, createDocumentActors, othersThan } from '../../../test/document-actors';
import { createInvoice } from '../../../test/documents';
import { type Harness, type TestClient, createHarness } from '../../../test/harness';
import { inviteAndAccept } from '../../../test/team';
import { fixedClock } from '../../platform/clock';

let h: Harness;
let actors: DocumentActors;
const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));

beforeAll(async () => {
  h = await createHarness({ clock });
  actors = await createDocumentActors(h, { a1: 'Numbered Works' });
  // a1 has taken its first invoice number; the other businesses have taken none.
  await createInvoice(actors.a1.owner, actors.a1.customer.id);
});
afterAll(async () => {
  await h.close();
});

async function nextNumber(client: TestClient, query: string): Promise<NextNumberResponse> {
  const answer = await client.get(`/api/v1/next-number?${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as NextNumberResponse;
}

/** Every model's next number as the business's owner reads it: previews take nothing, so it must not move. */
async function numbersOf(actor: DocumentActor): Promise<Record<string, NextNumberResponse>> {
  const entries = await Promise.all(numberedModels.map(async (model) => [model, await nextNumber(actor.owner, `model=${model}`)] as const));
  return Object.fromEntries(entries);
}

describe('GET /next-number across businesses and tenants', () => {
  it("answers each business its own number; another business's customer is not found and another tenant's business header is refused", async () => {
    expect((await nextNumber(actors.a1.owner, 'model=invoice')).next_number).toBe('INV-000002');
    for (const other of othersThan(actors, actors.a1)) expect((await nextNumber(other.owner, 'model=invoice')).next_number).toBe('INV-000001');
    const before = await numbersOf(actors.a1);

    for (const other of othersThan(actors, actors.a1)) {
      const foreignCustomer = await other.owner.get(`/api/v1/next-number?model=invoice&customer_id=${actors.a1.customer.id}`);
      expect(foreignCustomer.status, other.label).toBe(404);
      expect(foreignCustomer.body).toEqual({ message: messages.notFound });
    }
    for (const other of [actors.b1, actors.b2]) {
      const foreignHeader = await other.owner.get('/api/v1/next-number?model=invoice', { business: actors.a1.businessId });
      expect(foreignHeader.status, other.label).toBe(403);
      expect(foreignHeader.body).toEqual({ message: messages.businessHeaderMissing });
      const stranger = await presenting(h, 'localhost', actors.a1.businessId, { cookies: other.owner }).get('/api/v1/next-number?model=invoice');
      expect(stranger.status, other.label).toBe(401);
      expect(JSON.stringify(stranger.body)).not.toContain('INV-');
    }

    expect(await numbersOf(actors.a1)).toEqual(before);
    expect((await createInvoice(actors.a1.owner, actors.a1.customer.id)).invoice_number).toBe(before.invoice?.next_number);
  });

  it('refuses a member without a writing ability for every model, and takes no number', async () => {
    const viewer = await inviteAndAccept(h, actors.a1.owner, 'next-number-viewer@example.com', 'viewer');
    const before = await numbersOf(actors.a1);
    for (const model of numberedModels) {
      const refused = await viewer.get(`/api/v1/next-number?model=${model}`);
      expect(refused.status, model).toBe(403);
      expect(refused.body).toEqual({ message: messages.forbidden });
    }
    expect(await numbersOf(actors.a1)).toEqual(before);
  });

  it('shows a model\'s next number only to who may create or edit that model', async () => {
    const role = await actors.a1.owner.post('/api/v1/roles', { name: 'Payment clerk', abilities: ['view-payment', 'send-payment'] });
    expect(role.status, JSON.stringify(role.body)).toBe(201);
    const clerk = await inviteAndAccept(h, actors.a1.owner, 'next-number-clerk@example.com', 'Payment clerk');
    const before = await numbersOf(actors.a1);
    expect((await nextNumber(clerk, 'model=payment')).next_number).toBe(before.payment?.next_number);
    for (const model of numberedModels.filter((m) => m !== 'payment')) {
      const refused = await clerk.get(`/api/v1/next-number?model=${model}`);
      expect(refused.status, model).toBe(403);
      expect(refused.body).toEqual({ message: messages.forbidden });
    }
  });
});
