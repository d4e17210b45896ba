import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExchangeRateListResponse, currencyByCode, messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { inTenant } from '../../db/tenant-tx';
import { rateFor } from './exchange-rates.service';

let h: Harness;
let owner: TestClient;
let sibling: TestClient;
let foreign: TestClient;
const EUR = currencyByCode('EUR')?.id ?? 0;
const JPY = currencyByCode('JPY')?.id ?? 0;
const USD = 1;

beforeAll(async () => {
  h = await createHarness();
  owner = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Rates Business');
  sibling = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Sibling Business');
  foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Business', OTHER_HOST);
});
afterAll(async () => {
  await h.close();
});

const listOf = async (client: TestClient) => (await client.get('/api/v1/exchange-rates')).body as unknown as ExchangeRateListResponse;
const scopeOf = (client: TestClient) => ({ tenantId: h.landlordId, businessId: client.business ?? '' });

describe('exchange rates', () => {
  it('stores a rate per business and currency, updates and deletes it', async () => {
    expect(EUR).toBeGreaterThan(0);
    const created = await owner.put(`/api/v1/exchange-rates/${EUR}`, { rate: '1.0842' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({ currency_id: EUR, currency_code: 'EUR', rate: '1.0842' });
    expect((await owner.put(`/api/v1/exchange-rates/${EUR}`, { rate: '1.25' })).body.data).toMatchObject({ rate: '1.25' });
    expect((await owner.put(`/api/v1/exchange-rates/${JPY}`, { rate: 0.0067 })).body.data).toMatchObject({ rate: '0.0067' });
    expect(await listOf(owner)).toMatchObject({ business_currency_id: USD, data: [{ currency_id: EUR, rate: '1.25' }, { currency_id: JPY, rate: '0.0067' }] });
    expect((await owner.delete(`/api/v1/exchange-rates/${JPY}`)).status).toBe(200);
    expect((await owner.delete(`/api/v1/exchange-rates/${JPY}`)).status).toBe(404);
    expect((await listOf(owner)).data.map((row) => row.currency_id)).toEqual([EUR]);
  });

  it('refuses rates that are not above 0 with at most 10 decimals, the business currency and unknown currencies', async () => {
    for (const rate of ['0', '0.0000000000', '-1', '1.00000000001', '12345678901', 'abc', '', null]) {
      const response = await owner.put(`/api/v1/exchange-rates/${JPY}`, { rate });
      expect(response.status, String(rate)).toBe(422);
      expect(errorsOf(response).rate, String(rate)).toEqual([messages.invalidExchangeRate]);
    }
    expect((await owner.put(`/api/v1/exchange-rates/${JPY}`, { rate: '0.0000000001' })).body.data).toMatchObject({ rate: '0.0000000001' });
    expect(errorsOf(await owner.put(`/api/v1/exchange-rates/${USD}`, { rate: '1' })).currency_id).toEqual([messages.businessCurrencyNeedsNoRate]);
    expect(errorsOf(await owner.put('/api/v1/exchange-rates/99999', { rate: '1' })).currency_id).toEqual([messages.invalidCurrency]);
    expect((await owner.put('/api/v1/exchange-rates/abc', { rate: '1' })).status).toBe(422);
    expect((await owner.delete(`/api/v1/exchange-rates/${JPY}`)).status).toBe(200);
  });

  it('gives the services the rate to store on a document', async () => {
    const scope = scopeOf(owner);
    const [euro, dollar, yen] = await inTenant(h.app.db, h.landlordId, async (tx) => [await rateFor(tx, scope, EUR), await rateFor(tx, scope, USD), await rateFor(tx, scope, JPY)]);
    expect(euro).toBe('1.25');
    // The business currency converts at 1 and stores no rate; a currency without a rate stores none yet.
    expect(dollar).toBeNull();
    expect(yen).toBeNull();
    expect(await inTenant(h.app.db, h.landlordId, (tx) => rateFor(tx, scopeOf(sibling), EUR))).toBeNull();
  });

  it('needs manage-business-settings', async () => {
    const admin = await inviteAndAccept(h, owner, 'admin@rates.example', 'admin');
    expect((await admin.get('/api/v1/exchange-rates')).status).toBe(200);
    const viewer = await inviteAndAccept(h, owner, 'viewer@rates.example', 'viewer');
    expect((await viewer.get('/api/v1/exchange-rates')).status).toBe(403);
    expect((await viewer.put(`/api/v1/exchange-rates/${JPY}`, { rate: '2' })).status).toBe(403);
    expect((await viewer.delete(`/api/v1/exchange-rates/${EUR}`)).status).toBe(403);
    expect((await listOf(owner)).data).toMatchObject([{ currency_id: EUR, rate: '1.25' }]);
  });

  it('keeps each business to its own rates', async () => {
    for (const outsider of [sibling, foreign]) {
      expect((await listOf(outsider)).data).toEqual([]);
      expect((await outsider.delete(`/api/v1/exchange-rates/${EUR}`)).status).toBe(404);
      expect((await outsider.put(`/api/v1/exchange-rates/${EUR}`, { rate: '9' })).status).toBe(200);
    }
    expect((await foreign.get('/api/v1/exchange-rates', { business: owner.business ?? '' })).status).toBe(403);
    expect((await sibling.put(`/api/v1/exchange-rates/${EUR}`, { rate: '9' }, { business: foreign.business ?? '' })).status).toBe(403);
    expect((await listOf(owner)).data).toMatchObject([{ currency_id: EUR, rate: '1.25' }]);
  });
});
