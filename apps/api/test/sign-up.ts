import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../src/db/schema';
import type { Harness, TestClient } from './harness';
import { linkIn } from './smtp';

export const SIGN_UP_PASSWORD = 'Str0ng!Passw0rd';

export type SignUpFields = { name?: string; email: string; password?: string; business_name?: string } & Record<string, unknown>;

/** POST /sign-up as a guest; the answer is the same whether or not the address has an account. */
export async function requestSignUp(h: Harness, fields: SignUpFields, host?: string) {
  const guest = h.client(host);
  await guest.csrf();
  const password = fields.password ?? SIGN_UP_PASSWORD;
  return guest.post('/api/v1/sign-up', { name: 'New Person', business_name: 'New Business', password_confirmation: password, ...fields, password });
}

/** The token of the latest sign-up verification link mailed to `email`. */
export async function signUpToken(h: Harness, email: string): Promise<string> {
  await h.jobs.drain();
  const mail = await h.smtp.waitFor(email, (m) => m.subject.includes('Verify'));
  const all = h.smtp.mails.filter((m) => m.to.includes(email.toLowerCase()) && m.subject.includes('Verify'));
  return linkIn(all.at(-1) ?? mail, /verify-user\?token=[\w-]+/).split('=')[1] ?? '';
}

/** Signs up, opens the mailed link and signs in: the new owner of a verified account and business. */
export async function signUpAndSignIn(h: Harness, fields: SignUpFields, host?: string): Promise<TestClient> {
  expect((await requestSignUp(h, fields, host)).status).toBe(202);
  const token = await signUpToken(h, fields.email);
  const guest = h.client(host);
  await guest.csrf();
  expect((await guest.post('/api/v1/verify-email', { token })).status).toBe(200);
  const owner = h.client(host);
  expect((await owner.login(fields.email, fields.password ?? SIGN_UP_PASSWORD)).status).toBe(200);
  return owner;
}

/**
 * Makes the client's account unverified, as accounts from before sign-ups were verified by their
 * link (or whose address changed without a link) still are: no request can do it any more.
 */
export async function markUnverified(h: Harness, client: TestClient): Promise<void> {
  const me = await client.get('/api/v1/me');
  const id = (me.body.data as { id: string } | undefined)?.id ?? '';
  const updated = await h.app.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, id)).returning({ id: users.id });
  expect(updated).toHaveLength(1);
}
