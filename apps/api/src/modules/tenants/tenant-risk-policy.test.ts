import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { type FactoringLoanOfferResponse, type TenantResource, messages } from '@app/contracts';
import { createCustomer, createInvoice } from '../../../test/documents';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { signUpAndSignIn } from '../../../test/sign-up';
import { ownerWithBusiness } from '../../../test/team';
import { tenants } from '../../db/schema';

let h: Harness;
let landlord: TestClient;
let vendor: TestClient;

/** The tenant's form as stored, sent back with `changes`: a PUT replaces the whole tenant. */
async function saveLandlord(changes: Record<string, unknown>) {
  const current = (await landlord.get(`/api/central/tenants/${h.landlordId}`)).body.data as TenantResource;
  return landlord.put(`/api/central/tenants/${h.landlordId}`, { ...current, ...changes });
}

async function nextOffer(customerName: string): Promise<FactoringLoanOfferResponse['loan_info']> {
  const customer = await createCustomer(vendor, customerName);
  const invoice = await createInvoice(vendor, customer.id);
  expect((await vendor.post(`/api/v1/invoices/${invoice.id}/finalize`)).status).toBe(200);
  expect((await vendor.post(`/api/v1/invoices/admin/${invoice.id}/approve`)).status).toBe(200);
  const offer = await vendor.get(`/api/v1/business/factoring/${invoice.id}/loan-offer`);
  expect(offer.status, JSON.stringify(offer.body)).toBe(200);
  return (offer.body as FactoringLoanOfferResponse).loan_info;
}

beforeAll(async () => {
  h = await createHarness();
  landlord = h.client();
  await landlord.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  vendor = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Policy Works');
});
afterAll(async () => {
  await h.close();
});

describe("the tenant form's risk policy", () => {
  it('shows the defaults of a policy never set', async () => {
    const tenant = (await landlord.get(`/api/central/tenants/${h.landlordId}`)).body.data as TenantResource;
    expect(tenant).toMatchObject({
      financing_advance_rate_percent: '80',
      financing_fee_percent_per_30_days: '3',
      financing_max_exposure_per_business: 10_000_000,
      financing_max_exposure_per_customer: 5_000_000,
      financing_min_paid_invoices: 0,
    });
  });

  it("is saved to the tenant's settings and changes the next offer", async () => {
    const before = await nextOffer('Policy Buyer One');
    expect(before.principal_amount).toBe(Math.floor(before.invoice_amount * 0.8));
    expect(before.fee_bps_per_30_days).toBe(300);

    const saved = await saveLandlord({ financing_advance_rate_percent: '50.25', financing_fee_percent_per_30_days: 5, financing_max_exposure_per_business: 20_000_000, financing_max_exposure_per_customer: '7000000', financing_min_paid_invoices: 0 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ financing_advance_rate_percent: '50.25', financing_fee_percent_per_30_days: '5', financing_max_exposure_per_business: 20_000_000, financing_max_exposure_per_customer: 7_000_000 });
    const [row] = await h.app.db.select({ settings: tenants.settings }).from(tenants).where(eq(tenants.id, h.landlordId));
    expect(row?.settings).toMatchObject({ financing_advance_rate_bps: '5025', financing_fee_bps_per_30_days: '500', financing_max_exposure_per_customer: '7000000' });

    const after = await nextOffer('Policy Buyer Two');
    expect(after.principal_amount).toBe(Math.floor((after.invoice_amount * 5025) / 10_000));
    expect(after.fee_bps_per_30_days).toBe(500);
  });

  it('keeps the stored policy when a request leaves it out, and refuses values out of bounds', async () => {
    const current = (await landlord.get(`/api/central/tenants/${h.landlordId}`)).body.data as Record<string, unknown>;
    for (const key of Object.keys(current)) if (key.startsWith('financing_') && key !== 'financing_provider_url' && key !== 'financing_provider_secret' && key !== 'financing_product_ids') delete current[key];
    expect((await landlord.put(`/api/central/tenants/${h.landlordId}`, current)).body.data).toMatchObject({ financing_advance_rate_percent: '50.25' });

    const bad = await saveLandlord({ financing_advance_rate_percent: '100.5', financing_fee_percent_per_30_days: '1.234', financing_max_exposure_per_business: -1, financing_max_exposure_per_customer: 1.5, financing_min_paid_invoices: 1001 });
    expect(bad.status).toBe(422);
    expect(errorsOf(bad)).toMatchObject({
      financing_advance_rate_percent: [messages.invalidAdvanceRate],
      financing_fee_percent_per_30_days: [messages.invalidFinancingFeeRate],
      financing_max_exposure_per_business: [messages.invalidExposureLimit],
      financing_max_exposure_per_customer: [messages.invalidExposureLimit],
      financing_min_paid_invoices: [messages.invalidMinPaidInvoices],
    });
  });

  it("cannot be changed by another tenant's admin nor by a business owner", async () => {
    const other = h.client(OTHER_HOST);
    await other.login(OTHER_ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await other.put(`/api/central/tenants/${h.landlordId}`, { financing_advance_rate_percent: '100' })).status).toBe(403);
    const businessOwner = await signUpAndSignIn(h, { email: 'policy-probe@example.com', business_name: 'Policy Probe Co' });
    expect((await businessOwner.put(`/api/central/tenants/${h.landlordId}`, { financing_advance_rate_percent: '100' })).status).toBe(403);
    expect(((await landlord.get(`/api/central/tenants/${h.landlordId}`)).body.data as TenantResource).financing_advance_rate_percent).toBe('50.25');
  });
});
