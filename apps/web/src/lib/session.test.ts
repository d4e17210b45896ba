import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, route } from '../test/fetch-mock';
import { makeSession } from '../test/fixtures';
import { createQueryClient } from './query-client';
import { homePathFor, loadSession } from './session';
import { storage } from './storage';

afterEach(() => vi.restoreAllMocks());

const company = { id: 'biz-1', name: 'Acme', slug: 'acme', logo: null, role: 'owner' };

describe('session', () => {
  it('is null for a guest, without ending a session', async () => {
    mockFetch(route('GET', '/api/v1/bootstrap', () => jsonResponse(401, { message: 'Unauthenticated.' })));

    await expect(loadSession(createQueryClient())).resolves.toBeNull();
  });

  it('selects the first business when none is selected and loads the startup data for it', async () => {
    const withBusiness = makeSession({ companies: [company], current_user_abilities: ['*'] });
    const { requests } = mockFetch(
      route('GET', '/api/v1/bootstrap', (r) =>
        jsonResponse(200, r.headers.get('business') === 'biz-1' ? withBusiness : makeSession({ companies: [company], current_business: null, current_user_abilities: [] })),
      ),
    );

    const session = await loadSession(createQueryClient());

    expect(session?.current_user_abilities).toEqual(['*']);
    expect(storage.getSelectedBusiness()).toBe('biz-1');
    expect(requests.map((r) => r.headers.get('business'))).toEqual([null, 'biz-1']);
  });

  it('sends platform users to /admin, others to /dashboard and unverified users to /verify-email', () => {
    const base = makeSession();
    expect(homePathFor(base)).toBe('/dashboard');
    expect(homePathFor({ ...base, current_user: { ...base.current_user, is_platform_user: true } })).toBe('/admin');
    expect(homePathFor({ ...base, current_user: { ...base.current_user, email_verified: false, is_platform_user: true } })).toBe('/verify-email');
  });
});
