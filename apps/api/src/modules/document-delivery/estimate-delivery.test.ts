import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CounterpartyResource, type DocumentEmailPreview, type EstimateResource, type PublicDocument, type PublicLinkResponse, messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness } from '../../../test/harness';
import { onboardedCustomer } from '../../../test/documents';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { fixedClock } from '../../platform/clock';
import { randomToken } from '../../platform/crypto';
import { PUBLIC_LINK_RATE_LIMIT } from './document-delivery.routes';
import { deliveryRows, pdfText, publicTokenIn, rawGet, tokenOfUrl } from './delivery-test-helpers';

let h: Harness;
let vendor: TestClient;
let sibling: TestClient;
let foreign: TestClient;
let buyer: TestClient;
let guest: TestClient;
let customer: CounterpartyResource;
const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));
const BUYER_EMAIL = 'buyer@initech.example';

beforeAll(async () => {
  h = await createHarness({ clock });
  vendor = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Łódź Widgets');
  sibling = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Sibling Works');
  foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Ltd', OTHER_HOST);
  ({ customer, client: buyer } = await onboardedCustomer(h, vendor, 'Initech', BUYER_EMAIL));
  guest = h.client();
  await guest.csrf();
});
afterAll(async () => {
  await h.close();
});
beforeEach(() => clock.advance(PUBLIC_LINK_RATE_LIMIT.windowMs + 1000));

const dataOf = (body: Record<string, unknown>) => body.data as EstimateResource;

function estimateBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    customer_id: customer.id,
    estimate_date: '2026-11-20',
    items: [
      { name: 'Discovery workshop', quantity: '2', price: 15000 },
      { name: 'Prototype', quantity: '1', price: 5000 },
    ],
    ...overrides,
  };
}

async function createEstimate(overrides: Record<string, unknown> = {}): Promise<EstimateResource> {
  const response = await vendor.post('/api/v1/estimates', estimateBody(overrides));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return dataOf(response.body);
}

/** Mails the estimate and returns the token of the link in the mail. */
async function mailEstimate(estimate: EstimateResource): Promise<string> {
  const subject = `Estimate ${estimate.estimate_number}`;
  const sent = await vendor.post(`/api/v1/estimates/${estimate.id}/send-email`, { to: BUYER_EMAIL, subject, body: 'Please review: {link}' });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return publicTokenIn(await h.smtp.waitFor(BUYER_EMAIL, (m) => m.subject === subject), 'estimates');
}

describe('estimate PDF and email', () => {
  it('renders the estimate with its dates, reference and no paid/due rows', async () => {
    const estimate = await createEstimate({ reference_number: 'PO-77' });
    const response = await rawGet(h, vendor, `/api/v1/estimates/${estimate.id}/pdf`);
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toBe(`inline; filename="${estimate.estimate_number}.pdf"`);
    const text = await pdfText(response.body);
    for (const expected of [estimate.estimate_number, 'Estimate Date', '20 Nov 2026', 'Expiry Date', '20 Dec 2026', 'PO-77', 'Initech', 'Discovery workshop', 'Prototype', '$350.00']) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('Amount Due');
  });

  it('lets the receiving business read a sent estimate, not a third business or tenant', async () => {
    const estimate = await createEstimate();
    expect((await rawGet(h, buyer, `/api/v1/estimates/${estimate.id}/pdf`)).status).toBe(404);
    expect((await vendor.post(`/api/v1/estimates/${estimate.id}/mark-sent`)).status).toBe(200);
    expect((await rawGet(h, buyer, `/api/v1/estimates/${estimate.id}/pdf`)).status).toBe(200);
    expect((await rawGet(h, sibling, `/api/v1/estimates/${estimate.id}/pdf`)).status).toBe(404);
    expect((await rawGet(h, foreign, `/api/v1/estimates/${estimate.id}/pdf`)).status).toBe(404);
  });

  it('previews the estimate mail and sends it with the link, draft becoming sent', async () => {
    const estimate = await createEstimate();
    const preview = (await vendor.get(`/api/v1/estimates/${estimate.id}/preview-email`)).body.data as DocumentEmailPreview;
    expect(preview).toMatchObject({ to: BUYER_EMAIL, reply_to: ADMIN_EMAIL, subject: 'You have received a new estimate from Łódź Widgets' });
    expect(preview.body).toContain(`Please find estimate ${estimate.estimate_number} for $350.00, valid until 20 Dec 2026.`);
    const token = await mailEstimate(estimate);
    expect(token.length).toBeGreaterThanOrEqual(43);
    expect((await vendor.get(`/api/v1/estimates/${estimate.id}`)).body.data).toMatchObject({ status: 'sent' });
  });

  it('sends at once when created with send_estimate', async () => {
    const response = await vendor.post('/api/v1/estimates', estimateBody({ send_estimate: true }));
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const estimate = dataOf(response.body);
    expect(estimate.status).toBe('sent');
    const mail = await h.smtp.waitFor(BUYER_EMAIL, (m) => m.text.includes(`Please find estimate ${estimate.estimate_number} `));
    expect(mail.text).toContain('http://localhost/public/estimates/view/');
  });
});

describe('public estimate page', () => {
  it('shows the estimate, marks it viewed and lets the customer approve it', async () => {
    const estimate = await createEstimate();
    const token = await mailEstimate(estimate);
    const page = (await guest.get(`/api/v1/public/estimates/${token}`)).body as unknown as PublicDocument;
    expect(page).toMatchObject({ model: 'estimate', invoice: null, can_approve: true, can_reject: true, payments: [], pdf_url: `/api/v1/public/estimates/${token}/pdf` });
    expect(page.estimate).toMatchObject({ id: estimate.id, estimate_number: estimate.estimate_number, status: 'viewed' });
    expect(await pdfText((await rawGet(h, guest, page.pdf_url)).body)).toContain(estimate.estimate_number);

    const approved = await guest.post(`/api/v1/public/estimates/${token}/approve`);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toEqual({ status: 'approved' });
    expect((await vendor.get(`/api/v1/estimates/${estimate.id}`)).body.data).toMatchObject({ status: 'approved' });
    const after = (await guest.get(`/api/v1/public/estimates/${token}`)).body as unknown as PublicDocument;
    // The transition table still lets the customer change their mind and reject, not approve twice.
    expect(after).toMatchObject({ can_approve: false, can_reject: true });
    expect((await guest.post(`/api/v1/public/estimates/${token}/approve`)).status).toBe(422);
  });

  it('lets the customer reject with a reason', async () => {
    const estimate = await createEstimate();
    const token = await mailEstimate(estimate);
    const rejected = await guest.post(`/api/v1/public/estimates/${token}/reject`, { reason: 'Over budget' });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body).toEqual({ status: 'rejected' });
    expect((await vendor.get(`/api/v1/estimates/${estimate.id}`)).body.data).toMatchObject({ status: 'rejected' });
  });

  it('refuses decisions through made-up, foreign-tenant, invoice-kind and draft links', async () => {
    const estimate = await createEstimate();
    const draftLink = (await vendor.post(`/api/v1/estimates/${estimate.id}/links`)).body as PublicLinkResponse;
    expect(draftLink.url).toMatch(/^http:\/\/localhost\/public\/estimates\/view\/[\w-]{43}$/);
    const draftToken = tokenOfUrl(draftLink.url);
    const refused = await guest.post(`/api/v1/public/estimates/${draftToken}/approve`);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(messages.publicLinkInvalid);
    expect((await guest.post(`/api/v1/public/estimates/${randomToken()}/approve`)).status).toBe(404);
    expect((await guest.get(`/api/v1/public/invoices/${draftToken}`)).status).toBe(404);

    const sentToken = await mailEstimate(estimate);
    const other = h.client(OTHER_HOST);
    await other.csrf();
    expect((await other.post(`/api/v1/public/estimates/${sentToken}/approve`)).status).toBe(404);
    expect((await vendor.get(`/api/v1/estimates/${estimate.id}`)).body.data).toMatchObject({ status: 'sent' });
  });
});

describe('estimate delivery access', () => {
  it('needs send-estimate to preview, send or link', async () => {
    const estimate = await createEstimate();
    const viewer = await inviteAndAccept(h, vendor, 'viewer@lodz.example', 'viewer');
    expect((await rawGet(h, viewer, `/api/v1/estimates/${estimate.id}/pdf`)).status).toBe(200);
    expect((await viewer.get(`/api/v1/estimates/${estimate.id}/preview-email`)).status).toBe(403);
    expect((await viewer.post(`/api/v1/estimates/${estimate.id}/send-email`, { to: BUYER_EMAIL, subject: 'x', body: 'y' })).status).toBe(403);
    expect((await viewer.post(`/api/v1/estimates/${estimate.id}/links`)).status).toBe(403);
    expect((await vendor.get(`/api/v1/estimates/${estimate.id}`)).body.data).toMatchObject({ status: 'draft' });
  });

  it('answers 404 for another business or tenant and changes nothing', async () => {
    const estimate = await createEstimate();
    const before = await deliveryRows(h, estimate.id);
    for (const outsider of [sibling, foreign]) {
      expect((await outsider.get(`/api/v1/estimates/${estimate.id}/preview-email`)).status).toBe(404);
      expect((await outsider.post(`/api/v1/estimates/${estimate.id}/send-email`, { to: 'x@outsider.example', subject: 'x', body: 'y' })).status).toBe(404);
      expect((await outsider.post(`/api/v1/estimates/${estimate.id}/links`)).status).toBe(404);
    }
    expect(await deliveryRows(h, estimate.id)).toEqual(before);
    expect((await vendor.get(`/api/v1/estimates/${estimate.id}`)).body.data).toMatchObject({ status: 'draft', sent_at: null });
  });
});
