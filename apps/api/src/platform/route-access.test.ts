import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededBusinessRoles, seededPlatformRoles } from '@app/contracts';
import { type Caller, createCallers } from '../../test/access-callers';
import { createHarness } from '../../test/harness';
import { answerMatches, describeAccess, expectedAnswer, probeFor } from '../../test/route-probe';
import type { DeclaredRoute } from './pipeline';

/**
 * The authorization suite: every route the server registered, called by every kind of caller, must
 * answer what its declared access promises. Expectations come from the declaration and the caller's
 * standing only, so a route is covered as soon as it is registered.
 */
const h = await createHarness();
const routes = h.server.declaredRoutes;
const nameOf = (route: DeclaredRoute) => `${route.method} ${route.url}`;
const covered = new Set<string>();
let callers: Caller[] = [];

beforeAll(async () => {
  callers = await createCallers(h);
}, 120_000);
afterAll(async () => {
  await h.close();
});

async function walk(route: DeclaredRoute, caller: Caller): Promise<string | null> {
  const probe = probeFor(route);
  // Each probe runs on a copy, so cookies a route sets (a guest session, a rotated id) never stick to the caller.
  const client = probe.freshCredentials ? await caller.connect() : caller.client.copy();
  const answer = await client.request(probe.method, probe.url, probe.body, probe.headers);
  const expected = expectedAnswer(route, caller.standing);
  const seen = `${answer.status} ${JSON.stringify(answer.body).slice(0, 160)}`;
  if (!answerMatches(expected, answer.status)) return `${caller.name}: expected ${expected}, answered ${seen}`;
  if (!probe.freshCredentials && probe.method !== 'GET' && answer.status < 300) return `${caller.name}: the probe succeeded (${seen}), so it may have changed the fixtures`;
  return null;
}

describe('every API route answers as its declared access says', () => {
  it.each(routes.map((route) => ({ name: nameOf(route), route })))('$name', async ({ name, route }) => {
    const findings = await Promise.all(callers.map((caller) => walk(route, caller)));
    covered.add(name);
    expect(findings.filter((finding) => finding !== null), `${name} declares ${describeAccess(route.access)}`).toEqual([]);
  });

  it('walked the whole route table with a member of every seeded business role and a user of every seeded platform role', () => {
    expect(routes.length).toBeGreaterThan(200);
    expect([...covered].sort()).toEqual(routes.map(nameOf).sort());
    const roles = new Set(callers.map((caller) => caller.standing.user?.membership?.role));
    expect(Object.keys(seededBusinessRoles).filter((role) => !roles.has(role))).toEqual([]);
    const platformAbilities = callers.map((caller) => caller.standing.user?.platformAbilities);
    expect(Object.values(seededPlatformRoles).filter((role) => !platformAbilities.includes(role.abilities))).toEqual([]);
  });

  it('left every caller as it was: each still signs in and reaches its business as before', async () => {
    const standingChecks = routes.filter((route) => route.method === 'GET' && (route.url === '/api/v1/me' || route.url === '/api/v1/business'));
    expect(standingChecks).toHaveLength(2);
    const findings = await Promise.all(
      callers.flatMap((caller) =>
        standingChecks.map(async (route) => {
          const answer = await caller.client.copy().get(route.url);
          const expected = expectedAnswer(route, caller.standing);
          return (expected === 'allowed' ? answer.status === 200 : answer.status === expected) ? null : `${caller.name} ${route.url}: expected ${expected}, answered ${answer.status}`;
        }),
      ),
    );
    expect(findings.filter((finding) => finding !== null)).toEqual([]);
  });
});
