import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CounterpartyResource, type EstimateResource, type InvoiceResource, type PublicDocument, type PublicLinkResponse, messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { onboardedCustomer } from '../../../test/documents';
import { ownerWithBusiness } from '../../../test/team';
import { fixedClock } from '../../platform/clock';
import { act, createEstimate } from '../estimates/test-estimates';
import { PUBLIC_LINK_RATE_LIMIT } from './document-delivery.routes';
import { tokenOfUrl } from './delivery-test-helpers';

let h: Harness;
let vendor: TestClient;
let sibling: TestClient;
let buyer: TestClient;
let guest: TestClient;
let customer: CounterpartyResource;
const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));

beforeAll(async () => {
  h = await createHarness({ clock });
  vendor = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Converting Works');
  sibling = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Sibling Works');
  ({ customer, client: buyer } = await onboardedCustomer(h, vendor, 'Initech', 'buyer@initech.example'));
  guest = h.client();
  await guest.csrf();
});
afterAll(async () => {
  await h.close();
});
beforeEach(() => clock.advance(PUBLIC_LINK_RATE_LIMIT.windowMs + 1000));

/** A sent estimate with a public link, converted under `setting`: its id, the link's token and the invoice it became. */
async function convertedEstimate(setting: string) {
  expect((await vendor.post('/api/v1/business/settings', { settings: { estimate_convert_action: setting } })).status).toBe(200);
  const estimate = await act(vendor, (await createEstimate(vendor, customer.id)).id, 'mark-sent');
  const token = tokenOfUrl(((await vendor.post(`/api/v1/estimates/${estimate.id}/links`)).body as PublicLinkResponse).url);
  const converted = await vendor.post(`/api/v1/estimates/${estimate.id}/convert-to-invoice`);
  expect(converted.status, JSON.stringify(converted.body)).toBe(201);
  return { estimate, token, invoice: converted.body.data as InvoiceResource };
}

describe('a converted estimate', () => {
  it.each(['no_action', 'mark_estimate_as_approved'])('can no longer be accepted or rejected, on its public page or in the app (%s)', async (setting) => {
    const { estimate, token, invoice } = await convertedEstimate(setting);
    const page = (await guest.get(`/api/v1/public/estimates/${token}`)).body as unknown as PublicDocument;
    expect(page).toMatchObject({ can_approve: false, can_reject: false, converted_to_invoice: { invoice_number: invoice.invoice_number } });
    // Opening the page may have made it viewed; the refusals below change nothing more.
    const statusBefore = ((await vendor.get(`/api/v1/estimates/${estimate.id}`)).body.data as EstimateResource).status;
    for (const decision of ['approve', 'reject']) {
      const refused = await guest.post(`/api/v1/public/estimates/${token}/${decision}`, {});
      expect(refused.status).toBe(422);
      expect(errorsOf(refused).status).toEqual([messages.estimateAlreadyConverted]);
      const inApp = await buyer.post(`/api/v1/estimates/${estimate.id}/${decision}`, {});
      expect(inApp.status).toBe(422);
      expect(errorsOf(inApp).status).toEqual([messages.estimateAlreadyConverted]);
    }
    const seenByBuyer = (await buyer.get(`/api/v1/estimates/${estimate.id}`)).body.data as EstimateResource;
    expect(seenByBuyer.allowed_actions).not.toEqual(expect.arrayContaining(['approve']));
    expect(seenByBuyer.allowed_actions).not.toContain('reject');
    expect(((await vendor.get(`/api/v1/estimates/${estimate.id}`)).body.data as EstimateResource).status).toBe(statusBefore);
  });

  it('is decided again once the invoice it became is deleted', async () => {
    const { estimate, token, invoice } = await convertedEstimate('no_action');
    expect((await vendor.delete(`/api/v1/invoices/${invoice.id}`)).status).toBe(200);
    const page = (await guest.get(`/api/v1/public/estimates/${token}`)).body as unknown as PublicDocument;
    expect(page).toMatchObject({ can_approve: true, converted_to_invoice: null });
    expect((await buyer.post(`/api/v1/estimates/${estimate.id}/approve`, {})).status).toBe(200);
  });

  it('stays out of reach of another business and another tenant', async () => {
    const { estimate, token } = await convertedEstimate('no_action');
    expect((await sibling.post(`/api/v1/estimates/${estimate.id}/approve`, {})).status).toBe(404);
    const foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Ltd', OTHER_HOST);
    expect((await foreign.post(`/api/v1/estimates/${estimate.id}/reject`, {})).status).toBe(404);
    const otherGuest = h.client(OTHER_HOST);
    await otherGuest.csrf();
    expect((await otherGuest.get(`/api/v1/public/estimates/${token}`)).status).toBe(404);
  });
});
