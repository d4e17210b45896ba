import type { CounterpartyKind } from '@app/contracts';
import type { Tx } from './client';
import type { PostalAddress } from './schema/directory';
import { newId } from '../platform/crypto';
import * as authRepo from '../modules/auth/auth.repository';
import { createBusinessInTx } from '../modules/businesses/businesses.service';
import * as counterpartyRepo from '../modules/counterparties/counterparties.repository';

type DemoCounterparty = { kind: CounterpartyKind; name: string; email: string | null; contact: [string, string] | null; address: PostalAddress | null; onboarded?: boolean };

const address = (street: string, city: string, state: string, zip: string): PostalAddress => ({
  name: null,
  phone: null,
  address_street_1: street,
  address_street_2: null,
  city,
  state,
  country_id: 236,
  zip,
});

const DEMO_COUNTERPARTIES: DemoCounterparty[] = [
  { kind: 'customer', name: 'Northwind Traders', email: 'owner@northwind.demo.example.com', contact: ['Nancy', 'Davolio'], address: address('507 20th Ave E', 'Seattle', 'WA', '98122'), onboarded: true },
  { kind: 'customer', name: 'Contoso Ltd', email: 'billing@contoso.demo.example.com', contact: ['Carla', 'Reyes'], address: address('1 Microsoft Way', 'Redmond', 'WA', '98052') },
  { kind: 'customer', name: 'Walk-in Customer', email: null, contact: null, address: null },
  { kind: 'vendor', name: 'Office Supplies Inc', email: 'sales@officesupplies.demo.example.com', contact: ['Oscar', 'Martinez'], address: address('1725 Slough Ave', 'Scranton', 'PA', '18505') },
  { kind: 'vendor', name: 'Cloud Hosting Co', email: 'accounts@cloudhosting.demo.example.com', contact: null, address: null },
];

/** A business of the demo network whose owner can sign in (with the demo password). */
export type OnboardedDemoBusiness = { business: string; email: string };

/**
 * The demo business's network: customers (Northwind's owner has onboarded, with the demo
 * password, so it sees the demo business among its vendors) and vendors. Returns the onboarded
 * owners, whose sign-ins the first start prints.
 */
export async function seedDemoNetwork(tx: Tx, tenantId: string, demoBusiness: { id: string; name: string }, passwordHash: string, now: Date): Promise<OnboardedDemoBusiness[]> {
  const businessId = demoBusiness.id;
  const onboarded: OnboardedDemoBusiness[] = [];
  for (const demo of DEMO_COUNTERPARTIES) {
    const owner = demo.email
      ? await authRepo.insertUser(tx, {
          tenantId,
          id: newId(),
          name: demo.contact ? demo.contact.join(' ') : demo.name,
          email: demo.email,
          status: demo.onboarded ? 'active' : 'invited',
          ...(demo.onboarded ? { passwordHash, emailVerifiedAt: now } : {}),
        })
      : null;
    const business = await createBusinessInTx(
      tx,
      tenantId,
      owner?.id ?? null,
      { name: demo.name, email: demo.email, is_customer: demo.kind === 'customer', is_vendor: demo.kind === 'vendor' },
      { ownerStatus: demo.onboarded ? 'active' : 'invited' },
    );
    await counterpartyRepo.insertCounterparty(tx, {
      tenantId,
      id: newId(),
      businessId,
      kind: demo.kind,
      counterpartyBusinessId: business.id,
      creatorBusinessId: businessId,
      name: demo.name,
      email: demo.email,
      contactFirstName: demo.contact?.[0] ?? null,
      contactLastName: demo.contact?.[1] ?? null,
      billingAddress: demo.address,
      shippingAddress: demo.address,
    });
    if (demo.onboarded && demo.email) {
      onboarded.push({ business: demo.name, email: demo.email });
      await counterpartyRepo.insertCounterparty(tx, {
        tenantId,
        id: newId(),
        businessId: business.id,
        kind: demo.kind === 'customer' ? 'vendor' : 'customer',
        counterpartyBusinessId: businessId,
        creatorBusinessId: businessId,
        name: demoBusiness.name,
      });
    }
  }
  return onboarded;
}
