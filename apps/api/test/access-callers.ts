import { expect } from 'vitest';
import { seededBusinessRoles, seededPlatformRoles } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient } from './harness';
import { linkIn } from './smtp';
import { markUnverified, signUpAndSignIn } from './sign-up';
import { MEMBER_PASSWORD, acceptInvitation, invitationToken } from './team';

const LANDLORD_HOST = 'localhost';
const PASSWORD = 'Authz!Passw0rd';

type Membership = { role: string; abilities: readonly string[]; isOwner: boolean };

/** What the tenant of the request knows of a caller, by construction of the fixture (never read back from the server). */
export type Standing = {
  /** Null when the caller's credentials mean nothing on the tenant it calls. */
  user: null | {
    verified: boolean;
    /** The abilities of the caller's platform role; null for a user outside the internal team. */
    platformAbilities: readonly string[] | null;
    /** The caller's membership of the business its `business` header names; null without header or membership. */
    membership: Membership | null;
  };
  /** The tenant of the request is the landlord. */
  landlord: boolean;
  /** Unsafe requests carry a bearer token or the XSRF token of a live session on that tenant. */
  passesCsrf: boolean;
};

/** One kind of caller: its standing and a way to open fresh credentials with that standing. */
export type Caller = {
  name: string;
  standing: Standing;
  /** The credentials shared by every request that cannot change them. */
  client: TestClient;
  /** New credentials with the same standing, for requests that may end the credentials they carry. */
  connect(): Promise<TestClient>;
};

export type Person = { email: string; password: string; host: string; business: string | null };

/**
 * A client address of its own for each sign-in: the walk opens fresh credentials for many callers at
 * once, and parallel attempts from one address count against its shared failure budget until they succeed.
 */
let signIns = 0;
function freshAddress(): string {
  signIns += 1;
  return `10.${(signIns >> 16) & 255}.${(signIns >> 8) & 255}.${signIns & 255}`;
}

async function signIn(h: Harness, person: Person): Promise<TestClient> {
  const client = h.client(person.host);
  client.ip = freshAddress();
  expect((await client.login(person.email, person.password)).status).toBe(200);
  client.business = person.business;
  return client;
}

async function deviceToken(h: Harness, person: Person): Promise<string> {
  const client = h.client(person.host);
  client.ip = freshAddress();
  const issued = await client.post('/api/v1/auth/login', { email: person.email, password: person.password, device_name: 'authz suite' });
  expect(issued.status).toBe(200);
  return String(issued.body.token);
}

/** A client on `host` presenting the given cookies or bearer token, wherever they were issued (another tenant's too). */
export function presenting(h: Harness, host: string, business: string | null, from: { cookies?: TestClient; bearer?: string }): TestClient {
  const client = h.client(host);
  for (const [name, value] of from.cookies?.cookies ?? []) client.cookies.set(name, value);
  client.bearer = from.bearer ?? null;
  client.business = business;
  return client;
}

/**
 * Signs up on the landlord (the user owns the new business). A sign-up is verified by its link, so
 * an unverified owner is an account from before that (marked unverified in the database).
 */
async function signUp(h: Harness, email: string, businessName: string, verify: boolean): Promise<string> {
  const client = await signUpAndSignIn(h, { name: 'Authz Person', email, password: PASSWORD, business_name: businessName }, LANDLORD_HOST);
  if (!verify) await markUnverified(h, client);
  const boot = await client.get('/api/v1/bootstrap');
  const companies = boot.body.companies as { id: string; role: string }[];
  expect(companies).toEqual([expect.objectContaining({ role: 'owner' })]);
  return companies[0]?.id ?? '';
}

/** The owner invites `email` into their business with `role`; the invitee accepts. */
async function invite(h: Harness, owner: TestClient, email: string, role: string): Promise<Person> {
  expect((await owner.post('/api/v1/users', { email, role })).status).toBe(201);
  const business = owner.business ?? '';
  await acceptInvitation(h, await invitationToken(h, email), email, business);
  return { email, password: MEMBER_PASSWORD, host: LANDLORD_HOST, business };
}

/** The super admin invites `email` to the internal team with the platform role named `role`; the invitee accepts. */
export async function invitePlatformUser(h: Harness, superAdmin: TestClient, email: string, role: string): Promise<Person> {
  const roles = (await superAdmin.get('/api/v1/platform/roles?limit=100')).body.data as { id: string; name: string }[];
  const roleId = roles.find((r) => r.name === role)?.id;
  expect((await superAdmin.post('/api/v1/platform/users', { email, role_id: roleId })).status).toBe(201);
  const mail = await h.smtp.waitFor(email, (m) => m.subject.includes('invited'));
  const token = linkIn(mail, /accept-user-invitation\/[\w-]+/).split('/')[1] ?? '';
  const guest = h.client(LANDLORD_HOST);
  await guest.csrf();
  expect((await guest.post(`/api/v1/accept-user-invitation/${token}`, { name: 'Authz Staff', password: PASSWORD, password_confirmation: PASSWORD })).status).toBe(200);
  return { email, password: PASSWORD, host: LANDLORD_HOST, business: null };
}

const member = (membership: Membership | null, verified = true): Standing => ({ user: { verified, platformAbilities: null, membership }, landlord: true, passesCsrf: true });
const staff = (abilities: readonly string[], landlord = true): Standing => ({ user: { verified: true, platformAbilities: abilities, membership: null }, landlord, passesCsrf: true });
const stranger = (passesCsrf: boolean): Standing => ({ user: null, landlord: true, passesCsrf });

const OWNER_ROLE = 'owner';
const SUPER_ADMIN_ROLE = 'super admin';
/** The seeded business role whose member also calls with a device token. */
const TOKEN_ROLE = 'viewer';

/**
 * Every caller of the suite. Tenant A is the landlord (`localhost`): business A1 with one member per
 * seeded business role (the owner signs up, the others are invited by role name), business A2
 * whose owner calls with A1's id, one internal-team user per seeded platform role, and an
 * unverified user. Tenant B is `OTHER_HOST`; its super admin calls both hosts.
 */
export async function createCallers(h: Harness): Promise<Caller[]> {
  const landlordAdmin: Person = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, host: LANDLORD_HOST, business: null };
  const superAdmin = await signIn(h, landlordAdmin);
  const a1 = await signUp(h, 'authz-owner@example.com', 'Authz Business A1', true);
  const a2Owner: Person = { email: 'authz-other-owner@example.com', password: PASSWORD, host: LANDLORD_HOST, business: a1 };
  await signUp(h, a2Owner.email, 'Authz Business A2', true);
  const unverified: Person = { email: 'authz-unverified@example.com', password: PASSWORD, host: LANDLORD_HOST, business: await signUp(h, 'authz-unverified@example.com', 'Authz Unverified', false) };
  const owner: Person = { email: 'authz-owner@example.com', password: PASSWORD, host: LANDLORD_HOST, business: a1 };
  const ownerClient = await signIn(h, owner);

  const cookie = (person: Person) => () => signIn(h, person);
  const token = (person: Person) => async () => presenting(h, person.host, person.business, { bearer: await deviceToken(h, person) });
  const personalToken = async () => {
    const created = await ownerClient.post('/api/v1/me/tokens', { name: 'authz suite', expires_in_days: 1 });
    expect(created.status).toBe(201);
    return presenting(h, LANDLORD_HOST, a1, { bearer: String(created.body.plain_text_token) });
  };
  const ownerMembership: Membership = { role: OWNER_ROLE, abilities: seededBusinessRoles[OWNER_ROLE].abilities, isOwner: true };
  const ownerStanding = member(ownerMembership);
  const kinds: Omit<Caller, 'client'>[] = [
    { name: 'anonymous browser', standing: stranger(true), connect: async () => { const c = h.client(LANDLORD_HOST); await c.csrf(); return c; } },
    { name: 'anonymous API client', standing: stranger(false), connect: async () => h.client(LANDLORD_HOST) },
    { name: 'A1 owner', standing: ownerStanding, connect: cookie(owner) },
    { name: 'A1 owner, personal access token', standing: ownerStanding, connect: personalToken },
    { name: 'A1 owner, no business header', standing: member(null), connect: cookie({ ...owner, business: null }) },
    { name: 'A2 owner, A1 header', standing: member(null), connect: cookie(a2Owner) },
    { name: 'unverified owner of their business', standing: member(ownerMembership, false), connect: cookie(unverified) },
    { name: `A ${SUPER_ADMIN_ROLE}, A1 header`, standing: staff(seededPlatformRoles[SUPER_ADMIN_ROLE].abilities), connect: cookie({ ...landlordAdmin, business: a1 }) },
  ];
  for (const [name, role] of Object.entries(seededBusinessRoles)) {
    if (name === OWNER_ROLE) continue;
    const person = await invite(h, ownerClient, `authz-${name.replace(/\W/g, '-')}@example.com`, name);
    const standing = member({ role: name, abilities: role.abilities, isOwner: false });
    kinds.push({ name: `A1 ${name}`, standing, connect: cookie(person) });
    if (name === TOKEN_ROLE) kinds.push({ name: `A1 ${name}, device token`, standing, connect: token(person) });
  }
  for (const [name, role] of Object.entries(seededPlatformRoles)) {
    if (name === SUPER_ADMIN_ROLE) continue;
    const person = await invitePlatformUser(h, superAdmin, `authz-staff-${name.replace(/\W/g, '-')}@example.com`, name);
    kinds.push({ name: `A ${name}, A1 header`, standing: staff(role.abilities), connect: cookie({ ...person, business: a1 }) });
    kinds.push({ name: `A ${name}, device token`, standing: staff(role.abilities), connect: token(person) });
  }
  // Tenant B's credentials mean nothing on A, so no request to A can end them: one sign-in serves every copy.
  const otherTenantAdmin: Person = { email: OTHER_ADMIN_EMAIL, password: ADMIN_PASSWORD, host: OTHER_HOST, business: null };
  const otherCookies = await signIn(h, otherTenantAdmin);
  const otherToken = await deviceToken(h, otherTenantAdmin);
  kinds.push(
    { name: `B ${SUPER_ADMIN_ROLE} on B`, standing: staff(seededPlatformRoles[SUPER_ADMIN_ROLE].abilities, false), connect: cookie(otherTenantAdmin) },
    { name: `B ${SUPER_ADMIN_ROLE} cookies on A`, standing: stranger(false), connect: async () => presenting(h, LANDLORD_HOST, a1, { cookies: otherCookies }) },
    { name: `B ${SUPER_ADMIN_ROLE} token on A`, standing: stranger(false), connect: async () => presenting(h, LANDLORD_HOST, a1, { bearer: otherToken }) },
  );
  const callers: Caller[] = [];
  for (const kind of kinds) callers.push({ ...kind, client: await kind.connect() });
  return callers;
}
