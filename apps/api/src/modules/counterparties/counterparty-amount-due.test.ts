import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CounterpartyListResponse, type CounterpartyResource, currencyByCode } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness } from '../../../test/harness';
import { createCustomer, onboardedCustomer } from '../../../test/documents';
import { ownerWithBusiness } from '../../../test/team';
import { fixedClock } from '../../platform/clock';
import { openInvoice } from '../payments/test-payments';

const USD = currencyByCode('USD')?.id ?? 0;
const JPY = currencyByCode('JPY')?.id ?? 0;
const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));
let h: Harness;
let seller: TestClient;
let buyer: TestClient;
let customer: CounterpartyResource;

beforeAll(async () => {
  h = await createHarness({ clock });
  seller = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Dollar Seller');
  // The buyer's business keeps its books in yen; the seller bills it in yen.
  ({ customer, client: buyer } = await onboardedCustomer(h, seller, 'Yen Buyer', 'ap@yen.example', { currency_id: JPY }));
  await openInvoice(seller, customer.id, 10000);
});
afterAll(async () => {
  await h.close();
});

const listed = async (client: TestClient, kind: 'customers' | 'vendors') => ((await client.get(`/api/v1/${kind}`)).body as unknown as CounterpartyListResponse).data;

describe('amount due of a counterparty', () => {
  it('is given in the currency of the invoices, on both sides', async () => {
    const [own] = await listed(seller, 'customers');
    expect(own).toMatchObject({ id: customer.id, currency_id: JPY, amount_due: 10000, amount_due_currency_id: JPY });
    // The buyer's record of its vendor took the vendor's own currency; what it owes is still ¥10,000, not $100.00.
    const [vendor] = await listed(buyer, 'vendors');
    expect(vendor).toMatchObject({ name: 'Dollar Seller', currency_id: USD, amount_due: 10000, amount_due_currency_id: JPY });
    expect((await buyer.get(`/api/v1/vendors/${vendor?.id ?? ''}`)).body.data).toMatchObject({ amount_due: 10000, amount_due_currency_id: JPY });
  });

  it('is the record currency before any invoice, and only the business that keeps the record sees it', async () => {
    const fresh = await createCustomer(seller, 'Fresh Buyer', null, { currency_id: JPY });
    expect(fresh).toMatchObject({ amount_due: 0, amount_due_currency_id: JPY });
    const sibling = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Sibling Seller');
    expect(await listed(sibling, 'customers')).toEqual([]);
    const foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Seller', OTHER_HOST);
    expect((await foreign.get(`/api/v1/customers/${customer.id}`, { business: seller.business ?? '' })).status).toBe(403);
  });
});
