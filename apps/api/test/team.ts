import { expect } from 'vitest';
import type { Harness, TestClient } from './harness';
import { linkIn } from './smtp';

export const MEMBER_PASSWORD = 'Team!Passw0rd';

function invitationsTo(h: Harness, email: string) {
  return h.smtp.mails.filter((m) => m.to.includes(email.toLowerCase()) && m.subject.includes('invited'));
}

/** How many invitations `email` has received so far. */
export function invitationCount(h: Harness, email: string): number {
  return invitationsTo(h, email).length;
}

/** The token of the invitation mailed to `email` after the first `skip` ones. */
export async function invitationToken(h: Harness, email: string, skip = 0): Promise<string> {
  const mail = await h.smtp.waitFor(email, (m) => invitationsTo(h, email).indexOf(m) >= skip);
  return linkIn(mail, /accept-user-invitation\/[\w-]+/).split('/')[1] ?? '';
}

/** Accepts an invitation as a new person and returns them signed in with the business selected. */
export async function acceptInvitation(h: Harness, token: string, email: string, businessId: string): Promise<TestClient> {
  const guest = h.client();
  await guest.csrf();
  const accepted = await guest.post(`/api/v1/accept-user-invitation/${token}`, { name: 'Team Member', password: MEMBER_PASSWORD, password_confirmation: MEMBER_PASSWORD });
  expect(accepted.status).toBe(200);
  const member = h.client();
  expect((await member.login(email, MEMBER_PASSWORD)).status).toBe(200);
  member.business = businessId;
  return member;
}

/** The owner invites `email` with `role`; the invitee accepts and signs in. */
export async function inviteAndAccept(h: Harness, owner: TestClient, email: string, role: string): Promise<TestClient> {
  const invited = await owner.post('/api/v1/users', { email, role });
  expect(invited.status).toBe(201);
  const businessId = owner.business ?? '';
  return acceptInvitation(h, await invitationToken(h, email), email, businessId);
}

/** Signs in as the platform admin of a tenant and creates a business owned by them. */
export async function ownerWithBusiness(h: Harness, email: string, password: string, name: string, host?: string): Promise<TestClient> {
  const owner = h.client(host);
  expect((await owner.login(email, password)).status).toBe(200);
  const created = await owner.post('/api/v1/businesses/create', { name });
  expect(created.status).toBe(201);
  owner.business = (created.body.data as { id: string }).id;
  return owner;
}
