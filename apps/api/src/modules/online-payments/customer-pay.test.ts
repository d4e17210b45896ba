import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CardPaymentOptions, type CounterpartyResource, type PublicLinkResponse, onlinePaymentMessages } from '@app/contracts';
import { type FakeStripe } from '@app/fakes';
import { tenants } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, type TestResponse } from '../../../test/harness';
import { CUSTOMER_PASSWORD, onboardedCustomer } from '../../../test/documents';
import { cardPaymentOf, confirmCard, type PaymentScene, startPaymentScene } from '../../../test/online-payments';
import { settleEvents } from '../../../test/payouts';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { PUBLIC_LINK_RATE_LIMIT } from '../document-delivery/document-delivery.routes';
import { tokenOfUrl } from '../document-delivery/delivery-test-helpers';
import { invoiceOf, openInvoice } from '../payments/test-payments';

/**
 * The customer business pays its incoming invoice in the app (issue 17 items 1 and 6): the pay
 * form's options for the business, approve-and-pay, and the public link's access choice, which
 * only a member of the invoice's customer business holding pay-invoice learns about.
 */
const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));

let online: PaymentScene;
let h: Harness;
let fake: FakeStripe;
let vendor: TestClient;
let buyer: TestClient;
let customer: CounterpartyResource;

beforeAll(async () => {
  online = await startPaymentScene({ clock, vendor: 'Pay Vendor', buyer: { name: 'Pay Buyer', email: 'ap@pay-buyer.example' } });
  ({ h, fake, vendor, customer, buyer } = online);
});
afterAll(() => online.close());
beforeEach(() => clock.advance(PUBLIC_LINK_RATE_LIMIT.windowMs + 1000));

function optionsOf(response: TestResponse): CardPaymentOptions {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body as { data: CardPaymentOptions }).data;
}

async function linkOf(invoiceId: string): Promise<string> {
  return tokenOfUrl(((await vendor.post(`/api/v1/invoices/${invoiceId}/links`)).body as PublicLinkResponse).url);
}

describe('the pay form of the customer business', () => {
  it("tells the form the amount rules, follows the tenant's partial payments switch, and says when the vendor takes no card payments", async () => {
    const invoice = await openInvoice(vendor, customer.id, 5_000);
    expect(optionsOf(await buyer.get(`/api/v1/invoices/${invoice.id}/card-payment`))).toEqual({
      available: true,
      message: null,
      publishable_key: fake.publishableKey,
      provider_script: null,
      partial_payments: true,
      minimum_amount: 50,
      in_app: null,
      bank_link_available: false,
      bank_link_script: null,
      bank_verification: null,
    });
    await h.app.db.update(tenants).set({ partialPayments: false }).where(eq(tenants.id, h.landlordId));
    try {
      expect(optionsOf(await buyer.get(`/api/v1/invoices/${invoice.id}/card-payment`)).partial_payments).toBe(false);
    } finally {
      await h.app.db.update(tenants).set({ partialPayments: true }).where(eq(tenants.id, h.landlordId));
    }

    const unready = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Unready Vendor');
    const { customer: theirs, client: theirBuyer } = await onboardedCustomer(h, unready, 'Unready Buyer', 'ap@unready-buyer.example');
    const notSetUp = await openInvoice(unready, theirs.id, 2_000);
    expect(optionsOf(await theirBuyer.get(`/api/v1/invoices/${notSetUp.id}/card-payment`))).toMatchObject({ available: false, message: onlinePaymentMessages.notSetUp, publishable_key: null });
  });

  it('answers only the customer business holding pay-invoice: not the issuer, another business, another tenant or a viewer', async () => {
    const invoice = await openInvoice(vendor, customer.id, 2_500);
    const path = `/api/v1/invoices/${invoice.id}/card-payment`;
    expect((await vendor.get(path)).status).toBe(404);
    const stranger = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Stranger Pay Co');
    expect((await stranger.get(path)).status).toBe(404);
    const foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Pay Ltd', OTHER_HOST);
    expect((await foreign.get(path)).status).toBe(404);
    const viewer = await inviteAndAccept(h, buyer, 'viewer@pay-buyer.example', 'viewer');
    expect((await viewer.get(path)).status).toBe(403);
  });
});

describe('approve and pay', () => {
  it('approves the incoming invoice, keeps it approved when the card is declined, and takes a second card', async () => {
    const invoice = await openInvoice(vendor, customer.id, 7_000);
    const approved = await buyer.post(`/api/v1/invoices/${invoice.id}/approve`);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toEqual({ status: 'approved' });

    const first = cardPaymentOf(await buyer.post(`/api/v1/invoices/${invoice.id}/card-payment`, {}));
    expect((await confirmCard(fake, first, 'pm_card_chargeDeclined')).error).toMatchObject({ message: 'Your card was declined.' });
    await settleEvents(h, fake);
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ status: 'approved', paid_status: 'unpaid', due_amount: 7_000 });

    const retry = cardPaymentOf(await buyer.post(`/api/v1/invoices/${invoice.id}/card-payment`, {}));
    expect((await confirmCard(fake, retry, 'pm_card_visa')).status).toBe('succeeded');
    await settleEvents(h, fake);
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ paid_status: 'paid', due_amount: 0 });
  });

  it('needs approve-invoice to approve: an accountant approves but may not pay, a viewer does neither', async () => {
    const invoice = await openInvoice(vendor, customer.id, 1_500);
    const viewer = await inviteAndAccept(h, buyer, 'viewer2@pay-buyer.example', 'viewer');
    expect((await viewer.post(`/api/v1/invoices/${invoice.id}/approve`)).status).toBe(403);
    const accountant = await inviteAndAccept(h, buyer, 'accountant@pay-buyer.example', 'accountant');
    expect((await accountant.post(`/api/v1/invoices/${invoice.id}/card-payment`, {})).status).toBe(403);
    expect((await accountant.post(`/api/v1/invoices/${invoice.id}/approve`)).body).toEqual({ status: 'approved' });
  });
});

describe('the access choice of a public pay link', () => {
  it('offers the app only to a signed-in member of the customer business who may pay, and to nobody else', async () => {
    const invoice = await openInvoice(vendor, customer.id, 3_300);
    const token = await linkOf(invoice.id);
    const path = `/api/v1/public/invoices/${token}/card-payment`;
    // The buyer's session cookie opens the public page: the business header is not needed.
    const signedIn = h.client();
    expect((await signedIn.login('ap@pay-buyer.example', CUSTOMER_PASSWORD)).status).toBe(200);
    expect(optionsOf(await signedIn.get(path)).in_app).toEqual({ business_id: customer.customer_business.id, business_name: 'Pay Buyer', invoice_id: invoice.id });

    expect(optionsOf(await h.client().get(path)).in_app).toBeNull();
    expect(optionsOf(await vendor.get(path)).in_app).toBeNull();
    const stranger = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Stranger Link Co');
    expect(optionsOf(await stranger.get(path)).in_app).toBeNull();
    const viewer = await inviteAndAccept(h, buyer, 'viewer3@pay-buyer.example', 'viewer');
    expect(optionsOf(await viewer.get(path)).in_app).toBeNull();
    // Another tenant's host does not know the link.
    const foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Link Ltd', OTHER_HOST);
    expect((await foreign.get(path)).status).toBe(404);
  });
});
