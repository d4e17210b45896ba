import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

const tenant = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));

describe('admin home', () => {
  it('labels every area an all-abilities admin may open, with no raw translation key', async () => {
    mockFetch(tenant);
    const session = makeSession({
      current_user: { ...makeSession().current_user, is_platform_user: true },
      current_user_platform_abilities: ['*'],
      config: { ...makeSession().config, tenant: { ...tenantConfig.tenant, is_landlord: true } },
    });
    renderApp('/admin', session);

    expect(await screen.findByRole('heading', { name: 'Platform administration' }, { timeout: 15_000 })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: /^Roles The roles of the internal team/ })).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: /Who changed what in the tenant/ })).toBeInTheDocument();
    expect(main.textContent).not.toMatch(/\b(admin|navigation)\.[a-z_.-]+/);
  });
});
