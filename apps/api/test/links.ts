import { expect } from 'vitest';
import type { CounterpartyResource, PublicLinkResponse } from '@app/contracts';
import { createRecurringInvoiceJob } from '../src/modules/recurring-invoices/recurring-job';
import { createCustomer, invoiceBody } from './documents';
import type { Harness, TestClient, TestResponse } from './harness';
import { ownerWithBusiness } from './team';
import { markUnverified, signUpAndSignIn } from './sign-up';

/**
 * Every kind of link the app hands out (mailed, or answered by the /links routes), as a table:
 * each kind makes the request that issues one link, with the headers a test chooses, and says
 * where the link arrives. Used by the regression test of Host-header injection.
 */

const LINK_PASSWORD = 'Links!Passw0rd';

export type LinkTenant = { host: string; adminEmail: string; adminPassword: string; origin: string; isLandlord: boolean };

export type LinkFixture = {
  h: Harness;
  tenant: LinkTenant;
  /** The tenant's super admin, with a business of their own selected. */
  owner: TestClient;
  /** Signed up and not verified yet (for the verification resend). */
  unverified: TestClient;
  unverifiedEmail: string;
  customer: CounterpartyResource;
  /** A customer whose business was invited to onboard (for the onboarding resend). */
  invitedBusinessId: string;
  invitedOwnerEmail: string;
  /** A team member still invited (for the team resend). */
  invitedMemberId: string;
  invitedMemberEmail: string;
  supportRoleId: string;
  invoiceId: string;
  estimateId: string;
  paymentId: string;
};

/** Where the issued link arrives: in a mail to `mailTo`, or in the answer (`{ url }`). */
type Issued = { response: TestResponse; mailTo: string | null; origin?: string };

export type LinkKind = {
  name: string;
  /** The path every link of this kind has, right after the origin. */
  path: string;
  /** Only the landlord can do it (tenant management). */
  landlordOnly?: boolean;
  issue(f: LinkFixture, headers: Record<string, string>, run: string): Promise<Issued>;
};

const signUpBody = (email: string) => ({ name: 'Link Tester', email, password: LINK_PASSWORD, password_confirmation: LINK_PASSWORD, business_name: 'Link Testers' });

/** A guest with a session and its XSRF cookie, asked on the tenant's real host. */
async function guestOf(f: LinkFixture): Promise<TestClient> {
  const guest = f.h.client(f.tenant.host);
  await guest.csrf();
  return guest;
}

const mailOn = (path: string, to: (f: LinkFixture) => string) => async (f: LinkFixture, headers: Record<string, string>) => ({
  response: await f.owner.post(path.replace(':invoice', f.invoiceId).replace(':estimate', f.estimateId).replace(':payment', f.paymentId), { to: to(f), subject: `Your document`, body: 'Open it here: {link}' }, headers),
  mailTo: to(f),
});

const linkOn = (path: string) => async (f: LinkFixture, headers: Record<string, string>) => ({
  response: await f.owner.post(path.replace(':invoice', f.invoiceId).replace(':estimate', f.estimateId).replace(':payment', f.paymentId), {}, headers),
  mailTo: null,
});

const customerEmail = (f: LinkFixture) => f.customer.email ?? '';

export const LINK_KINDS: LinkKind[] = [
  {
    name: 'password reset',
    path: '/reset-password/',
    issue: async (f, headers) => ({ response: await (await guestOf(f)).post('/api/v1/forgot-password', { email: f.tenant.adminEmail }, headers), mailTo: f.tenant.adminEmail }),
  },
  {
    name: 'verification on sign-up',
    path: '/verify-user?token=',
    issue: async (f, headers, run) => {
      const email = `signup-${run}@links.example`;
      return { response: await (await guestOf(f)).post('/api/v1/sign-up', signUpBody(email), headers), mailTo: email };
    },
  },
  {
    name: 'verification resend',
    path: '/verify-user?token=',
    issue: async (f, headers) => ({ response: await f.unverified.post('/api/v1/email/verification-notification', {}, headers), mailTo: f.unverifiedEmail }),
  },
  {
    name: 'email change',
    path: '/confirm-email/',
    issue: async (f, headers, run) => {
      const email = `moved-${run}@links.example`;
      const body = { name: 'Links Admin', email, current_password: f.tenant.adminPassword };
      return { response: await f.owner.put('/api/v1/me', body, headers), mailTo: email };
    },
  },
  {
    name: 'team invitation',
    path: '/accept-user-invitation/',
    issue: async (f, headers, run) => {
      const email = `member-${run}@links.example`;
      return { response: await f.owner.post('/api/v1/users', { email, role: 'viewer' }, headers), mailTo: email };
    },
  },
  {
    name: 'team invitation resend',
    path: '/accept-user-invitation/',
    issue: async (f, headers) => ({ response: await f.owner.post(`/api/v1/users/${f.invitedMemberId}/resend-invite`, {}, headers), mailTo: f.invitedMemberEmail }),
  },
  {
    name: 'platform user invitation',
    path: '/accept-user-invitation/',
    issue: async (f, headers, run) => {
      const email = `staff-${run}@links.example`;
      return { response: await f.owner.post('/api/v1/platform/users', { email, role_id: f.supportRoleId }, headers), mailTo: email };
    },
  },
  {
    name: 'admin-created business invitation',
    path: '/accept-user-invitation/',
    issue: async (f, headers, run) => {
      const email = `business-owner-${run}@links.example`;
      return { response: await f.owner.post('/api/v1/platform/businesses', { name: `Admin Made ${run}`, owner_email: email }, headers), mailTo: email };
    },
  },
  {
    name: 'customer onboarding invitation',
    path: '/onboarding-business-invitation/',
    issue: async (f, headers, run) => {
      const email = `customer-${run}@links.example`;
      return { response: await f.owner.post('/api/v1/customers', { name: `Customer ${run}`, email, send_invitation: true }, headers), mailTo: email };
    },
  },
  {
    name: 'customer onboarding invitation resend',
    path: '/onboarding-business-invitation/',
    issue: async (f, headers) => ({ response: await f.owner.post(`/api/v1/businesses/${f.invitedBusinessId}/resend-invite`, { email: f.invitedOwnerEmail }, headers), mailTo: f.invitedOwnerEmail }),
  },
  {
    name: 'first admin of a new tenant',
    path: '/accept-user-invitation/',
    landlordOnly: true,
    issue: async (f, headers, run) => {
      const domain = `t${run}.links.test`;
      const email = `admin@${domain}`;
      const response = await f.owner.post('/api/central/tenants', { name: `Links Tenant ${run}`, domains: [domain, `alias.${domain}`], admin_email: email }, headers);
      return { response, mailTo: email, origin: `http://${domain}` };
    },
  },
  { name: 'invoice mail', path: '/public/invoices/view/', issue: mailOn('/api/v1/invoices/:invoice/send-email', customerEmail) },
  { name: 'estimate mail', path: '/public/estimates/view/', issue: mailOn('/api/v1/estimates/:estimate/send-email', customerEmail) },
  { name: 'payment receipt mail', path: '/public/payments/view/', issue: mailOn('/api/v1/payments/:payment/send-email', customerEmail) },
  {
    name: 'invoice sent from its form',
    path: '/public/invoices/view/',
    issue: async (f, headers) => ({ response: await f.owner.post('/api/v1/invoices', invoiceBody(f.customer.id, { send_invoice: true }), headers), mailTo: customerEmail(f) }),
  },
  { name: 'invoice link', path: '/public/invoices/view/', issue: linkOn('/api/v1/invoices/:invoice/links') },
  { name: 'estimate link', path: '/public/estimates/view/', issue: linkOn('/api/v1/estimates/:estimate/links') },
  { name: 'payment receipt link', path: '/public/payments/view/', issue: linkOn('/api/v1/payments/:payment/links') },
  {
    name: 'recurring invoice sent automatically',
    path: '/public/invoices/view/',
    issue: async (f, headers) => {
      const body = { customer_id: f.customer.id, items: [{ name: 'Hosting', quantity: '1', price: 12000 }], send_automatically: true };
      const response = await f.owner.post('/api/v1/recurring-invoices', body, headers);
      // The schedule is due at once: the job (no request, no Host) makes and mails its first invoice.
      if (response.status === 201) expect(await createRecurringInvoiceJob(f.h.app).generateDue(f.h.app.clock.now())).toMatchObject({ sent: 1, sendFailures: 0 });
      return { response, mailTo: customerEmail(f) };
    },
  },
];

function created(response: TestResponse): string {
  expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
  return (response.body.data as { id: string }).id;
}

/** The people, documents and invitations the link kinds need, in one tenant. */
export async function linkFixture(h: Harness, tenant: LinkTenant): Promise<LinkFixture> {
  const label = tenant.host.replace(/\W/g, '-');
  const owner = await ownerWithBusiness(h, tenant.adminEmail, tenant.adminPassword, `Links ${label}`, tenant.host);
  const unverifiedEmail = `unverified-${label}@links.example`;
  // A sign-up is verified by its own link: the unverified user is an account from before that.
  const unverified = await signUpAndSignIn(h, signUpBody(unverifiedEmail), tenant.host);
  await markUnverified(h, unverified);
  const customer = await createCustomer(owner, `Buyer ${label}`, `buyer-${label}@links.example`);
  const invitedOwnerEmail = `onboarding-${label}@links.example`;
  const invited = await createCustomer(owner, `Invited ${label}`, invitedOwnerEmail, { send_invitation: true });
  const invitedMemberEmail = `invited-${label}@links.example`;
  const invitedMemberId = created(await owner.post('/api/v1/users', { email: invitedMemberEmail, role: 'viewer' }));
  const roles = (await owner.get('/api/v1/platform/roles?limit=100')).body.data as { id: string; name: string }[];
  const payment = await owner.post('/api/v1/payments', { direction: 'received', customer_id: customer.id, payment_date: '2026-11-20', amount: 12345 });
  await h.jobs.drain();
  return {
    h,
    tenant,
    owner,
    unverified,
    unverifiedEmail,
    customer,
    invitedBusinessId: invited.customer_business.id,
    invitedOwnerEmail,
    invitedMemberId,
    invitedMemberEmail,
    supportRoleId: roles.find((role) => role.name === 'support')?.id ?? '',
    invoiceId: created(await owner.post('/api/v1/invoices', invoiceBody(customer.id))),
    estimateId: created(await owner.post('/api/v1/estimates', { customer_id: customer.id, estimate_date: '2026-11-20', items: [{ name: 'Plan', quantity: '1', price: 5000 }] })),
    paymentId: created(payment),
  };
}

/** Every place `path` occurs in `text`, each with what stands right before it. */
function prefixesOf(text: string, path: string): string[] {
  const found: string[] = [];
  for (let at = text.indexOf(path); at !== -1; at = text.indexOf(path, at + 1)) found.push(text.slice(Math.max(0, at - 200), at));
  return found;
}

/**
 * Issues one link of `kind` with `headers` and checks the outcome: 'refused' — the request names
 * no tenant (404, nothing mailed); 'canonical' — the link starts with the tenant's public origin
 * and nothing of the attacker's host appears anywhere in what was sent.
 */
/**
 * The host every hostile probe names. Not /evil/ alone: a link's random token (base64url) spells
 * "evil" in some case now and then, which failed about one run in fifty; it never holds a dot.
 */
const HOSTILE_HOST = /evil\.example/i;

export async function expectLink(f: LinkFixture, kind: LinkKind, headers: Record<string, string>, run: string, outcome: 'refused' | 'canonical'): Promise<void> {
  const { h } = f;
  await h.jobs.drain();
  const before = h.smtp.mails.length;
  const issued = await kind.issue(f, headers, run);
  await h.jobs.drain();
  if (outcome === 'refused') {
    expect(issued.response.status, JSON.stringify(issued.response.body)).toBe(404);
    expect(issued.response.body).toEqual({ message: 'Not Found' });
    expect(h.smtp.mails.slice(before)).toEqual([]);
    return;
  }
  expect(issued.response.status, JSON.stringify(issued.response.body)).toBeLessThan(300);
  const origin = issued.origin ?? f.tenant.origin;
  if (issued.mailTo === null) {
    const { url } = issued.response.body as PublicLinkResponse;
    expect(url.startsWith(`${origin}${kind.path}`), url).toBe(true);
    expect(url).not.toMatch(HOSTILE_HOST);
    return;
  }
  const to = issued.mailTo;
  const mail = await h.smtp.waitFor(to, (m) => h.smtp.mails.indexOf(m) >= before);
  expect(mail.raw).not.toMatch(HOSTILE_HOST);
  expect(mail.text).not.toMatch(HOSTILE_HOST);
  const prefixes = prefixesOf(mail.text, kind.path);
  expect(prefixes.length, mail.text).toBeGreaterThan(0);
  const startsAtOrigin = new RegExp(`(^|[\\s"'(>])${origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  for (const prefix of prefixes) expect(prefix, `${prefix}${kind.path}`).toMatch(startsAtOrigin);
}
