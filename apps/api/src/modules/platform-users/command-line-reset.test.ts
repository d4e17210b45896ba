import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, createHarness } from '../../../test/harness';
import { SIGN_UP_PASSWORD, signUpAndSignIn } from '../../../test/sign-up';
import { resetPlatformUserPassword } from './command-line-reset';

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

const reset = (email: string, password: string, tenant: string | null = null) => resetPlatformUserPassword(h.app.db, h.app.clock.now(), { email, password, tenant });

describe('admin:reset-password', () => {
  it("sets a super admin's new password and ends the sessions they had", async () => {
    const before = h.client();
    expect((await before.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
    expect((await before.get('/api/v1/me')).status).toBe(200);

    const result = await reset(ADMIN_EMAIL.toUpperCase(), 'Reset-Passw0rd!');
    expect(result).toMatchObject({ outcome: 'reset', email: ADMIN_EMAIL, status: 'active' });

    expect((await before.get('/api/v1/me')).status).toBe(401);
    expect((await h.client().login(ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(422);
    expect((await h.client().login(ADMIN_EMAIL, 'Reset-Passw0rd!')).status).toBe(200);
  });

  it('refuses an email no platform user has, and a business user, changing nothing', async () => {
    expect(await reset('nobody@example.com', 'Whatever-Passw0rd!')).toEqual({ outcome: 'unknown-email' });
    await signUpAndSignIn(h, { email: 'business-owner@example.com' });
    expect(await reset('business-owner@example.com', 'Whatever-Passw0rd!')).toEqual({ outcome: 'unknown-email' });
    expect((await h.client().login('business-owner@example.com', SIGN_UP_PASSWORD)).status).toBe(200);
  });

  it("stays in the tenant asked for: another tenant's admin is not found there", async () => {
    expect(await reset(OTHER_ADMIN_EMAIL, 'Other-Passw0rd!', 'localhost')).toEqual({ outcome: 'unknown-email' });
    expect((await h.client(OTHER_HOST).login(OTHER_ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
    expect(await reset(OTHER_ADMIN_EMAIL, 'Other-Passw0rd!', OTHER_HOST)).toMatchObject({ outcome: 'reset', email: OTHER_ADMIN_EMAIL });
    expect((await h.client(OTHER_HOST).login(OTHER_ADMIN_EMAIL, 'Other-Passw0rd!')).status).toBe(200);
  });
});
