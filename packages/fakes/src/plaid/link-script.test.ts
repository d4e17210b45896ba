// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakePlaid, type FakePlaid } from './fake-plaid.js';
import { fakePlaidLinkScript } from './link-script.js';

/**
 * The fake Link script as a page gets it: its text runs in a jsdom window, talks to a real fake
 * Plaid server, and its public token is exchanged through the Plaid API. Calls to the API itself
 * use fetch with the keys in the body, as a server would (the SDK would pick jsdom's XHR here).
 */

let fake: FakePlaid;

beforeAll(async () => {
  fake = await startFakePlaid();
  new Function(fakePlaidLinkScript(fake.url))();
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  document.body.replaceChildren();
});

async function plaidApi(path: string, body: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${fake.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: fake.credentials.clientId, secret: fake.credentials.secret, ...body }),
  });
  const answer: unknown = await response.json();
  if (typeof answer !== 'object' || answer === null) throw new Error('unreadable answer');
  return { status: response.status, body: Object.fromEntries(Object.entries(answer)) };
}

async function linkToken(): Promise<string> {
  const created = await plaidApi('/link/token/create', { client_name: 'Ledgerline', language: 'en', country_codes: ['US'], user: { client_user_id: 'owner-1' }, products: ['auth'] });
  const token = created.body.link_token;
  if (typeof token !== 'string') throw new Error('no link token');
  return token;
}

type PlaidGlobal = { create(config: Record<string, unknown>): { open(): void; exit(): void; destroy(): void } };

function plaidGlobal(): PlaidGlobal {
  const plaid: unknown = Reflect.get(window, 'Plaid');
  if (typeof plaid !== 'object' || plaid === null || !('create' in plaid) || typeof plaid.create !== 'function') throw new Error('window.Plaid is not defined');
  const create = plaid.create;
  return { create: (config) => Reflect.apply(create, plaid, [config]) };
}

/** The open Link dialog, found by its role and accessible name (the bank's name, from aria-labelledby). */
async function linkDialog(): Promise<HTMLElement> {
  return vi.waitFor(() => {
    const dialog = document.querySelector<HTMLElement>('[role="dialog"][aria-modal="true"]');
    const labelId = dialog?.getAttribute('aria-labelledby');
    if (dialog === null || !labelId) throw new Error('no dialog yet');
    expect(document.getElementById(labelId)?.textContent).toBe('First Platypus Bank');
    return dialog;
  });
}

function button(dialog: HTMLElement, name: string): HTMLButtonElement {
  const found = [...dialog.querySelectorAll('button')].find((candidate) => candidate.textContent === name);
  if (found === undefined) throw new Error(`no ${name} button`);
  return found;
}

describe('the fake Plaid Link script', () => {
  it('opens a dialog with the sandbox accounts and hands onSuccess a public token that exchanges', async () => {
    const onSuccess = vi.fn();
    const onExit = vi.fn();
    const onEvent = vi.fn();
    const token = await linkToken();
    plaidGlobal().create({ token, onSuccess, onExit, onEvent }).open();

    const dialog = await linkDialog();
    const choices = [...dialog.querySelectorAll('label')].map((label) => label.textContent?.trim());
    expect(choices).toEqual(['Plaid Checking ••0000', 'Plaid Saving ••1111']);
    expect(document.activeElement).toBe(dialog.querySelector('input[type="radio"]'));
    button(dialog, 'Continue').click();

    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    const [publicToken, metadata] = onSuccess.mock.calls[0] ?? [];
    expect(publicToken).toMatch(/^public-sandbox-/);
    expect(metadata).toEqual({
      accounts: [{ id: expect.any(String), name: 'Plaid Checking', mask: '0000', type: 'depository', subtype: 'checking' }],
      institution: { name: 'First Platypus Bank', institution_id: 'ins_109508' },
      link_session_id: expect.any(String),
    });
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(onExit).not.toHaveBeenCalled();
    expect(onEvent.mock.calls.map(([eventName]) => eventName)).toEqual(['OPEN', 'SELECT_ACCOUNT', 'HANDOFF']);

    const exchanged = await plaidApi('/item/public_token/exchange', { public_token: publicToken });
    expect(exchanged.status).toBe(200);
    const accessToken = exchanged.body.access_token;
    const accountId = metadata.accounts[0].id;
    const processor = await plaidApi('/processor/stripe/bank_account_token/create', { access_token: accessToken, account_id: accountId });
    expect(processor.body.stripe_bank_account_token).toMatch(/^btok_/);
  });

  it('lets the user choose the other account', async () => {
    const onSuccess = vi.fn();
    plaidGlobal().create({ token: await linkToken(), onSuccess }).open();
    const dialog = await linkDialog();
    const saving = [...dialog.querySelectorAll('label')].find((label) => label.textContent?.includes('Plaid Saving'))?.querySelector('input');
    saving?.click();
    button(dialog, 'Continue').click();
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(onSuccess.mock.calls[0]?.[1]).toMatchObject({ accounts: [{ name: 'Plaid Saving', mask: '1111', subtype: 'savings' }] });
  });

  it('calls onExit without an error when the user cancels', async () => {
    const onSuccess = vi.fn();
    const onExit = vi.fn();
    const token = await linkToken();
    plaidGlobal().create({ token, onSuccess, onExit }).open();
    button(await linkDialog(), 'Cancel').click();
    expect(onExit).toHaveBeenCalledWith(null, {
      institution: { name: 'First Platypus Bank', institution_id: 'ins_109508' },
      status: 'requires_account_selection',
      link_session_id: expect.any(String),
      request_id: null,
    });
    expect(onSuccess).not.toHaveBeenCalled();
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });

  it("calls onExit with Plaid's INVALID_LINK_TOKEN error for a token the server never issued", async () => {
    const onExit = vi.fn();
    plaidGlobal().create({ token: 'link-sandbox-00000000-0000-4000-8000-000000000000', onSuccess: vi.fn(), onExit }).open();
    await vi.waitFor(() => expect(onExit).toHaveBeenCalledTimes(1));
    expect(onExit.mock.calls[0]?.[0]).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_LINK_TOKEN', error_message: expect.any(String), display_message: null });
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });

  it('closes on exit() as a cancel does, and destroy() removes Link without calling back', async () => {
    const onExit = vi.fn();
    const handler = plaidGlobal().create({ token: await linkToken(), onSuccess: vi.fn(), onExit });
    handler.open();
    await linkDialog();
    handler.exit();
    expect(onExit).toHaveBeenCalledWith(null, expect.objectContaining({ status: 'requires_account_selection' }));

    const quiet = vi.fn();
    const destroyed = plaidGlobal().create({ token: await linkToken(), onSuccess: quiet, onExit: quiet });
    destroyed.open();
    await linkDialog();
    destroyed.destroy();
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(quiet).not.toHaveBeenCalled();
  });

  it('is served by the fake server at the path of the real script, bound to that server', async () => {
    const response = await fetch(`${fake.url}/link/v2/stable/link-initialize.js`);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.text()).toBe(fake.linkScript);
  });
});
