import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmailTemplatePreview, type EmailTemplateResource, emailTemplateCatalogue, emailTemplateKeys, messages } from '@app/contracts';
import { emailTemplates } from '../../db/schema';
import { inTenant } from '../../db/tenant-tx';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { createCustomer, createInvoice } from '../../../test/documents';
import { linkIn } from '../../../test/smtp';
import { MEMBER_PASSWORD, inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { RENDER_LIMIT_MS } from './liquid';

let h: Harness;
let admin: TestClient;
let foreign: TestClient;

const INVITATION = '/api/v1/platform/email-templates/user_invitation';
const templateOf = (body: Record<string, unknown>) => body.data as EmailTemplateResource;
const previewOf = (body: Record<string, unknown>) => body.data as EmailTemplatePreview;
const form = (overrides: Record<string, unknown> = {}) => ({ subject: 'Welcome, {{ invitation_subject }}', body: 'Hello from {{ app_name }}!\n\n{{ invitation_message }}\n\nJoin here: {{ accept_url }}', cc: null, bcc: null, from_name: null, from_email: null, active: true, ...overrides });

beforeAll(async () => {
  h = await createHarness();
  admin = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Template Works');
  foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Templates', OTHER_HOST);
});
afterAll(async () => {
  await h.close();
});

describe('email templates', () => {
  it('list every mail of the catalogue with its variables, built-in until the tenant changes one', async () => {
    const listed = (await admin.get('/api/v1/platform/email-templates')).body.data as EmailTemplateResource[];
    expect(listed.map((t) => t.id)).toEqual([...emailTemplateKeys]);
    const invitation = listed.find((t) => t.id === 'user_invitation');
    expect(invitation).toMatchObject({ customized: false, active: false, subject: emailTemplateCatalogue.user_invitation.subject });
    expect(invitation?.variables.map((v) => v.name)).toEqual(['app_name', 'invitation_subject', 'invitation_message', 'accept_url', 'expires_in_days']);
  });

  it.each([...emailTemplateKeys])('%s: lists app_name first and the link of its button, and its built-in version renders with the sample data', async (key) => {
    const definition = emailTemplateCatalogue[key];
    const names = definition.variables.map((v) => v.name);
    expect(names[0]).toBe('app_name');
    expect(new Set(names).size).toBe(names.length);
    if (definition.action) expect(names).toContain(definition.action.urlVariable);
    const answer = await admin.post(`/api/v1/platform/email-templates/${key}/preview`, { subject: definition.subject, body: definition.body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const preview = previewOf(answer.body);
    expect(preview.subject).not.toBe('');
    expect(preview.text).not.toMatch(/\{\{|\{%/);
    if (definition.action) expect(preview.html).toContain(`>${definition.action.label}</a>`);
  });

  it('keeps a link written inside a sentence in it, the button after that paragraph', async () => {
    const definition = emailTemplateCatalogue.email_change_requested;
    const preview = previewOf((await admin.post('/api/v1/platform/email-templates/email_change_requested/preview', { subject: definition.subject, body: definition.body })).body);
    expect(preview.html).toContain('<p>If it was not you, someone knows your password: reset it now at https://app.example.com/forgot-password. A password reset cancels the change and signs out every session and device.</p><p><a href="https://app.example.com/forgot-password"');
  });

  it.each([
    ['a variable the template does not have', '{{ nope }}'],
    ['the process', '{{ process.env.APP_KEY }}'],
    ['a prototype', '{{ app_name.constructor.name }}'],
    ['a file', "{% include '/etc/passwd' %}"],
    ['a file by render', "{% render 'apps/api/src/env.ts' %}"],
    ['an unknown filter', '{{ app_name | system }}'],
    ['broken syntax', '{% if %}'],
  ])('refuse a body that reaches for %s, on the body field', async (_what, body) => {
    const answer = await admin.put(INVITATION, form({ body }));
    expect(answer.status).toBe(422);
    expect(errorsOf(answer).body?.[0]).toMatch(/^The template cannot be rendered: /);
    expect(JSON.stringify(answer.body)).not.toContain('test-app-key');
  });

  it.each([
    ['a loop over a huge range', '{% for a in (1..100000000) %}{% for b in (1..100000000) %}x{% endfor %}{% endfor %}'],
    ['nine million empty turns', '{% for a in (1..3000) %}{% for b in (1..3000) %}{% endfor %}{% endfor %}'],
    ['a string doubled forty times', '{% assign s = "x" %}{% for a in (1..40) %}{% assign s = s | append: s %}{% endfor %}{{ s | size }}'],
  ])('stop %s within the render limit', async (_what, body) => {
    const started = Date.now();
    const answer = await admin.post(`${INVITATION}/preview`, { subject: 'Loop', body });
    expect(answer.status).toBe(422);
    expect(Date.now() - started).toBeLessThan(RENDER_LIMIT_MS * 10);
  });

  it('refuse a body longer than a mail should be', async () => {
    expect(errorsOf(await admin.put(INVITATION, form({ body: 'x'.repeat(20_001) })))).toEqual({ body: [messages.templateTooLong] });
  });

  it('preview a draft with the sample data, in text and in the HTML layout', async () => {
    const preview = previewOf((await admin.post(`${INVITATION}/preview`, { subject: form().subject, body: form().body })).body);
    expect(preview.subject).toBe('Welcome, Join Acme Ltd on Ledgerline');
    expect(preview.text).toContain('Ada Lovelace invited you to join Acme Ltd as accountant.');
    expect(preview.html).toContain('<!doctype html>');
    // The words around the link stay, and the button stands where the link was.
    expect(preview.html).toMatch(/<p>Join here:<\/p><p><a href="https:\/\/app\.example\.com\/accept-user-invitation\/[^"]+"[^>]*>Accept invitation<\/a>/);
    // Text an admin writes is text in the HTML part too.
    const escaped = previewOf((await admin.post(`${INVITATION}/preview`, { subject: 'S', body: '<script>alert(1)</script> {{ accept_url }}' })).body);
    expect(escaped.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(escaped.html).not.toContain('<script>');
  });

  it('a saved template makes the next invitation mail, with its copies and sender name, and renders as the preview did', async () => {
    const saved = await admin.put(INVITATION, form({ cc: 'hr@example.com', bcc: 'audit@example.com', from_name: 'Template Works HR', from_email: 'hr@example.com' }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(templateOf(saved.body)).toMatchObject({ customized: true, active: true, cc: 'hr@example.com', from_name: 'Template Works HR' });

    expect((await admin.post('/api/v1/users', { email: 'templated@example.com', role: 'viewer' })).status).toBe(201);
    await h.jobs.drain();
    const mail = await h.smtp.waitFor('templated@example.com');
    expect(mail.subject).toMatch(/^Welcome, /);
    expect(mail.text).toMatch(/Hello from \S+/);
    expect(mail.text).toContain('/accept-user-invitation/');
    expect(mail.raw).toMatch(/^From: "?Template Works HR"? </m);
    expect(mail.raw).toMatch(/^Reply-To: hr@example.com/m);
    expect(mail.raw).toMatch(/^Cc: hr@example.com/m);
    // A blind copy is an envelope recipient without a header.
    expect(h.smtp.mails.some((m) => m.to.includes('audit@example.com') && m.subject === mail.subject)).toBe(true);
    expect(mail.raw).not.toMatch(/^Bcc:/m);

    // The test mail renders the saved template with the sample data, as the preview does.
    const preview = previewOf((await admin.post(`${INVITATION}/preview`, { subject: form().subject, body: form().body })).body);
    const sent = await admin.post(`${INVITATION}/test`);
    expect(sent.body).toEqual({ message: `A test mail was sent to ${ADMIN_EMAIL}.` });
    await h.jobs.drain();
    const test = await h.smtp.waitFor(ADMIN_EMAIL, (m) => m.subject.startsWith('[Test]'));
    expect(test.subject).toBe(`[Test] ${preview.subject}`);
    expect(test.text).toContain(preview.text.split('\n')[0] ?? '');
  });

  it('an inactive template, or one the tenant broke behind the editor, gives way to the built-in one', async () => {
    await admin.put(INVITATION, form({ active: false }));
    expect((await admin.post('/api/v1/users', { email: 'builtin@example.com', role: 'viewer' })).status).toBe(201);
    await h.jobs.drain();
    expect((await h.smtp.waitFor('builtin@example.com')).text).not.toContain('Hello from');

    await inTenant(h.app.db, h.landlordId, (tx) =>
      tx.update(emailTemplates).set({ body: '{{ missing_variable }}', active: true }),
    );
    expect((await admin.post('/api/v1/users', { email: 'fallback@example.com', role: 'viewer' })).status).toBe(201);
    await h.jobs.drain();
    expect((await h.smtp.waitFor('fallback@example.com')).text).toContain('Accept the invitation:');
  });

  it("the invoice template frames the business's own subject and message in the next invoice mail", async () => {
    const saved = await admin.put('/api/v1/platform/email-templates/invoice_mail', form({
      subject: '[{{ business_name }}] {{ subject }}',
      body: 'Hello {{ customer_name }},\n\n{{ message }}\n\nInvoice {{ document_number }} for {{ amount }}, due {{ date }}.\n\nOpen it here: {{ link }}\n\nSent with {{ app_name }}',
    }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const customer = await createCustomer(admin, 'Framed Customer', 'framed@example.com');
    const invoice = await createInvoice(admin, customer.id, { due_date: '2026-12-20' });
    const sent = await admin.post(`/api/v1/invoices/${invoice.id}/send-email`, { to: 'framed@example.com', subject: 'Your invoice {number}', body: 'Thanks for your business.' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await h.jobs.drain();
    const mail = await h.smtp.waitFor('framed@example.com');
    const number = ((await admin.get(`/api/v1/invoices/${invoice.id}`)).body.data as { invoice_number: string }).invoice_number;
    expect(mail.subject).toBe(`[Template Works] Your invoice ${number}`);
    expect(mail.text).toContain('Hello Framed Customer,');
    expect(mail.text).toContain('Thanks for your business.');
    expect(mail.text).toContain(`Invoice ${number} for $350.00, due 20 Dec 2026.`);
    expect(mail.text).toMatch(/Open it here: http:\/\/\S+\/public\/invoices\/view\//);
    // The business's reply-to stays the business's.
    expect(mail.raw).not.toMatch(/^Reply-To: hr@example.com/m);
  });

  it('reset brings the built-in template back', async () => {
    const reset = await admin.delete(INVITATION);
    expect(templateOf(reset.body)).toMatchObject({ customized: false, subject: emailTemplateCatalogue.user_invitation.subject });
    expect(templateOf((await admin.get(INVITATION)).body).customized).toBe(false);
  });

  it('a saved email_changed template makes the next mail to the old address once an address change is confirmed', async () => {
    const saved = await admin.put('/api/v1/platform/email-templates/email_changed', form({
      subject: 'You now sign in as {{ new_email }}',
      body: 'Hello from {{ app_name }},\n\nYour account at {{ site_url }} now signs in as {{ new_email }}.\n\nNot you? Tell your administrator.',
    }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const member = await inviteAndAccept(h, admin, 'mover@example.com', 'viewer');
    expect((await member.put('/api/v1/me', { name: 'Moving Member', email: 'moved@example.com', current_password: MEMBER_PASSWORD })).status).toBe(200);
    await h.jobs.drain();
    const link = linkIn(await h.smtp.waitFor('moved@example.com', (m) => m.subject === emailTemplateCatalogue.email_change_confirmation.subject), /confirm-email\/[\w-]+/);
    const guest = h.client();
    await guest.csrf();
    expect((await guest.post('/api/v1/confirm-email', { token: link.split('/')[1] ?? '' })).status).toBe(200);
    await h.jobs.drain();
    const mail = await h.smtp.waitFor('mover@example.com', (m) => m.subject === 'You now sign in as moved@example.com');
    expect(mail.text).toMatch(/Hello from \S+,/);
    expect(mail.text).toMatch(/Your account at http:\/\/\S+ now signs in as moved@example\.com\./);
    expect(mail.text).toContain('Not you? Tell your administrator.');
    expect(mail.text).not.toContain('was changed to');
  });

  it('cross-tenant: another tenant keeps its own templates and its mails', async () => {
    await admin.put('/api/v1/platform/email-templates/password_reset', form({ subject: 'Landlord reset', body: 'Reset: {{ reset_url }}' }));
    expect(templateOf((await foreign.get('/api/v1/platform/email-templates/password_reset')).body).customized).toBe(false);
    const guest = h.client(OTHER_HOST);
    await guest.csrf();
    expect((await guest.post('/api/v1/forgot-password', { email: OTHER_ADMIN_EMAIL })).status).toBe(200);
    await h.jobs.drain();
    expect((await h.smtp.waitFor(OTHER_ADMIN_EMAIL, (m) => m.subject.includes('eset'))).subject).toBe('Reset your password');
  });

  it('cross-business and missing abilities: a business member reaches none of it; an unknown template is a 422', async () => {
    const member = await inviteAndAccept(h, admin, 'template-member@example.com', 'admin');
    expect((await member.get('/api/v1/platform/email-templates')).status).toBe(403);
    expect((await member.put(INVITATION, form())).status).toBe(403);
    expect((await admin.get('/api/v1/platform/email-templates/nope')).status).toBe(422);
  });
});
