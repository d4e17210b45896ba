import type { CounterpartyResource } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient } from './harness';
import { createCustomer, onboardedCustomer } from './documents';
import { ownerWithBusiness } from './team';

/** One business of the fixture: its owner, signed in with the business selected, and a customer of it. */
export type DocumentActor = {
  label: ActorLabel;
  tenantId: string;
  businessId: string;
  owner: TestClient;
  customer: CounterpartyResource;
};

export type ActorLabel = 'a1' | 'a2' | 'b1' | 'b2';

/**
 * Two tenants with two businesses each. Tenant A is the landlord (`localhost`), tenant B is
 * `OTHER_HOST`; each tenant's admin owns both of its businesses, so a2 is "the same person in
 * another business" and b1, b2 are "another tenant". a1's customer is onboarded: `buyer` is
 * signed in to the customer's own business and receives a1's documents.
 */
export type DocumentActors = Record<ActorLabel, DocumentActor> & { buyer: TestClient };

export type DocumentActorNames = Record<ActorLabel, string> & { buyer: { name: string; email: string } };

const DEFAULT_NAMES: DocumentActorNames = {
  a1: 'Actor A1 Works',
  a2: 'Actor A2 Works',
  b1: 'Actor B1 Works',
  b2: 'Actor B2 Works',
  buyer: { name: 'Actor Buyer', email: 'ap@actor-buyer.example' },
};

/** Builds the four businesses, once per test file (in `beforeAll`); `names` replace the default business and buyer names. */
export async function createDocumentActors(h: Harness, names: Partial<DocumentActorNames> = {}): Promise<DocumentActors> {
  const named = { ...DEFAULT_NAMES, ...names };
  const owners = {
    a1: await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, named.a1),
    a2: await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, named.a2),
    b1: await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, named.b1, OTHER_HOST),
    b2: await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, named.b2, OTHER_HOST),
  };
  const { customer, client: buyer } = await onboardedCustomer(h, owners.a1, named.buyer.name, named.buyer.email);
  const actor = async (label: ActorLabel, tenantId: string, known?: CounterpartyResource): Promise<DocumentActor> => ({
    label,
    tenantId,
    businessId: owners[label].business ?? '',
    owner: owners[label],
    customer: known ?? (await createCustomer(owners[label], `${named[label]} Customer`)),
  });
  return {
    a1: await actor('a1', h.landlordId, customer),
    a2: await actor('a2', h.landlordId),
    b1: await actor('b1', h.otherTenantId),
    b2: await actor('b2', h.otherTenantId),
    buyer,
  };
}

/** The fixture's other businesses, as seen from `actor`: the one of its tenant first, then the other tenant's two. */
export function othersThan(actors: DocumentActors, actor: DocumentActor): DocumentActor[] {
  const all = [actors.a1, actors.a2, actors.b1, actors.b2];
  const sameTenant = all.filter((other) => other.tenantId === actor.tenantId && other !== actor);
  return [...sameTenant, ...all.filter((other) => other.tenantId !== actor.tenantId)];
}
