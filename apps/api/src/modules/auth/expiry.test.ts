import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Harness, createHarness, errorsOf } from '../../../test/harness';
import { linkIn } from '../../../test/smtp';
import { fixedClock } from '../../platform/clock';

const clock = fixedClock(new Date());
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ clock });
});
afterAll(async () => {
  await h.close();
});

describe('links and sessions expire', () => {
  it('a password reset link older than an hour is refused', async () => {
    const c = h.client();
    await c.csrf();
    await c.post('/api/v1/forgot-password', { email: ADMIN_EMAIL });
    const mail = await h.smtp.waitFor(ADMIN_EMAIL, (m) => m.subject.includes('Reset'));
    const token = linkIn(mail, /reset-password\/[\w-]+/).split('/')[1];
    clock.advance(61 * 60_000);
    const response = await c.post('/api/v1/reset-password', { token, email: ADMIN_EMAIL, password: 'N3w!Password', password_confirmation: 'N3w!Password' });
    expect(response.status).toBe(422);
    expect(errorsOf(response).email?.[0]).toBe(messages.invalidToken);
  });

  it('an invitation older than seven days is refused', async () => {
    const owner = h.client();
    await owner.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const created = await owner.post('/api/v1/businesses/create', { name: 'Expiring Co' });
    owner.business = (created.body.data as { id: string }).id;
    await owner.post('/api/v1/users', { email: 'late@example.com', role: 'viewer' });
    const mail = await h.smtp.waitFor('late@example.com');
    const token = linkIn(mail, /accept-user-invitation\/[\w-]+/).split('/')[1];
    clock.advance(8 * 86_400_000);
    const guest = h.client();
    await guest.csrf();
    expect((await guest.get(`/api/v1/invitations/${token}`)).status).toBe(404);
    const accepted = await guest.post(`/api/v1/accept-user-invitation/${token}`, { name: 'Late Person', password: 'Late!Passw0rd', password_confirmation: 'Late!Passw0rd' });
    expect(accepted.status).toBe(404);
    expect(accepted.body).toEqual({ message: messages.invalidToken });
  });

  it('an idle session ends after two hours; a remembered one lasts', async () => {
    const plain = h.client();
    await plain.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const remembered = h.client();
    await remembered.csrf();
    await remembered.post('/api/v1/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, remember: true });
    clock.advance(2 * 3_600_000 + 60_000);
    expect((await plain.get('/api/v1/me')).status).toBe(401);
    expect((await remembered.get('/api/v1/me')).status).toBe(200);
  });

  it('a password confirmation is good for three hours', async () => {
    const c = h.client();
    await c.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    await c.post('/api/v1/user/confirm-password', { password: ADMIN_PASSWORD });
    expect((await c.get('/api/v1/user/confirmed-password-status')).body).toEqual({ confirmed: true });
    clock.advance(59 * 60_000);
    await c.get('/api/v1/me');
    clock.advance(59 * 60_000);
    await c.get('/api/v1/me');
    clock.advance(59 * 60_000);
    await c.get('/api/v1/me');
    clock.advance(5 * 60_000);
    expect((await c.get('/api/v1/user/confirmed-password-status')).body).toEqual({ confirmed: false });
  });
});
