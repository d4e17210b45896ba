import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { type CounterpartyResource, businessSettingDefaults, messages } from '@app/contracts';
import { numberingMessages } from '@app/domain';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { createCustomer } from '../../../test/documents';
import { businesses } from '../../db/schema';
import { signUpAndSignIn } from '../../../test/sign-up';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { expireDueEstimates } from '../estimates/estimate-expiry';
import { act, createEstimate } from '../estimates/test-estimates';

let h: Harness;
let owner: TestClient;
let businessId: string;
let customer: CounterpartyResource;

beforeAll(async () => {
  h = await createHarness();
  owner = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Settings Trading');
  businessId = owner.business ?? '';
  customer = await createCustomer(owner, 'Settings Customer');
});
afterAll(async () => {
  await h.close();
});

async function storedSettings(): Promise<Record<string, unknown>> {
  const rows = await h.app.db.select({ settings: businesses.settings }).from(businesses).where(eq(businesses.id, businessId));
  return rows[0]?.settings ?? {};
}

/** Writes a value straight into the stored settings, as an older version or a hand edit could have. */
async function plant(key: string, value: unknown): Promise<void> {
  await h.app.db.execute(sql`update businesses set settings = settings || jsonb_build_object(${key}::text, ${JSON.stringify(value)}::jsonb) where id = ${businessId}`);
}

describe('POST /business/settings', () => {
  it('refuses a value no reader could use, naming the setting', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ time_zone: '' }, 'settings.time_zone', messages.invalidTimeZone],
      [{ time_zone: 'Mars/Olympus' }, 'settings.time_zone', messages.invalidTimeZone],
      [{ language: 'tlh' }, 'settings.language', messages.invalidLanguage],
      [{ date_format: 'Y-d' }, 'settings.date_format', messages.invalidDateFormat],
      [{ fiscal_year: '13-12' }, 'settings.fiscal_year', messages.invalidFiscalYear],
      [{ invoice_number_format: '{{SERIES:INV}}' }, 'settings.invoice_number_format', numberingMessages.sequenceRequired],
      [{ estimate_expiry_date_days: 2147483648 }, 'settings.estimate_expiry_date_days', 'Enter a whole number from 0 to 365.'],
      [{ invoice_email_subject: 'Invoice\u0000' }, 'settings.invoice_email_subject', messages.unstorableText],
    ];
    for (const [settings, field, message] of cases) {
      const refused = await owner.post('/api/v1/business/settings', { settings });
      expect(refused.status, JSON.stringify(settings)).toBe(422);
      expect(errorsOf(refused)[field], JSON.stringify(settings)).toEqual([message]);
    }
    expect((await storedSettings()).time_zone).toBe('UTC');
    const saved = await owner.post('/api/v1/business/settings', { settings: { time_zone: 'Asia/Kolkata', fiscal_year: '4-3' } });
    expect(saved.body).toMatchObject({ success: true, settings: { time_zone: 'Asia/Kolkata', fiscal_year: '4-3' } });
  });

  it('is refused without the ability, for another business and from another tenant', async () => {
    const viewer = await inviteAndAccept(h, owner, 'settings-viewer@example.com', 'viewer');
    expect((await viewer.post('/api/v1/business/settings', { settings: { time_zone: '' } })).status).toBe(403);
    const stranger = await signUpAndSignIn(h, { email: 'settings-stranger@example.com', business_name: 'Stranger Settings Co' });
    stranger.business = businessId;
    expect((await stranger.post('/api/v1/business/settings', { settings: { time_zone: 'Europe/Paris' } })).body).toEqual({ message: messages.businessHeaderMissing });
    const foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Settings', OTHER_HOST);
    foreign.business = businessId;
    expect((await foreign.post('/api/v1/business/settings', { settings: { time_zone: 'Europe/Paris' } })).status).toBe(403);
    expect((await storedSettings()).time_zone).toBe('Asia/Kolkata');
  });
});

describe('a bad value already stored', () => {
  it('is read as its default and logged, so every reader and job of the business keeps working', async () => {
    const estimate = await act(owner, (await createEstimate(owner, customer.id, { estimate_date: '2026-01-05', expiry_date: '2026-01-10' })).id, 'finalize');
    const warnings = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    await plant('time_zone', '');
    await plant('invoice_number_format', '{{SERIES:INV}}');
    await plant('link_expiry_days', 'soon');

    for (const url of ['/api/v1/invoices', '/api/v1/estimates', '/api/v1/invoices/stats', '/api/v1/business/stats', '/api/v1/business/charts/data', '/api/v1/next-number?model=invoice', '/api/v1/business/settings']) {
      expect((await owner.get(url)).status, url).toBe(200);
    }
    const settings = (await owner.get('/api/v1/business/settings')).body;
    expect(settings).toMatchObject({ time_zone: businessSettingDefaults.time_zone, invoice_number_format: businessSettingDefaults.invoice_number_format, fiscal_year: '4-3' });
    expect((await owner.get('/api/v1/next-number?model=invoice')).body).toMatchObject({ next_number: 'INV-000001' });
    const invoice = await owner.post('/api/v1/invoices', { customer_id: customer.id, invoice_date: '2026-01-05', items: [{ name: 'Work', price: 1000 }] });
    expect(invoice.status).toBe(201);
    expect(await expireDueEstimates(h.app, h.landlordId, new Date('2026-02-01T00:00:00Z'))).toBe(1);
    expect((await owner.get(`/api/v1/estimates/${estimate.id}`)).body.data).toMatchObject({ status: 'expired' });

    const logged = warnings.mock.calls.map(([message]) => String(message)).filter((message) => message.includes(businessId));
    warnings.mockRestore();
    expect(logged.map((message) => /stored setting (\w+)/.exec(message)?.[1]).sort()).toEqual(['invoice_number_format', 'link_expiry_days', 'time_zone']);
  });

  it('is replaced by its default on the next save, and the other values are kept', async () => {
    const saved = await owner.post('/api/v1/business/settings', { settings: { invoice_due_date_days: 14 } });
    expect(saved.status).toBe(200);
    const stored = await storedSettings();
    expect(stored).not.toHaveProperty('time_zone');
    expect(stored).not.toHaveProperty('invoice_number_format');
    expect(stored).not.toHaveProperty('link_expiry_days');
    expect(stored).toMatchObject({ fiscal_year: '4-3', invoice_due_date_days: 14 });
  });
});
