import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type BusinessResource, type UpdateBusinessFields, settingMenu } from '@app/contracts';
import { type RecordedRequest, jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { acme, makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());
// The routes load the layouts and the page lazily; compiling those chunks up front keeps them out of the first test's time.
beforeAll(() => Promise.all([import('../../../app/layouts/company-layout'), import('../../settings'), import('./business-info-page')]), 60_000);

const billing = { name: null, phone: null, address_street_1: '1 Main St', address_street_2: null, city: 'Springfield', state: 'IL', country_id: 231, zip: '62701' };
const stored: BusinessResource = { ...acme, email: 'hello@acme.example.com', website: 'acme.example.com', billing_address: billing, shipping_address: billing };

type Save = (request: RecordedRequest) => Response;
const savedAs: Save = (request) => jsonResponse(200, { data: { ...stored, ...(request.body as UpdateBusinessFields) } });

function businessApi(options: { business?: () => Response; save?: Save; abilities?: string[] } = {}) {
  const session = makeSession({ setting_menu: [...settingMenu], current_user_abilities: options.abilities ?? ['edit-business-information', 'manage-business-settings'] });
  const api = mockFetch(
    route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
    route('GET', '/api/v1/csrf-cookie', () => {
      document.cookie = 'XSRF-TOKEN=token; path=/';
      return new Response(null, { status: 204 });
    }),
    route('GET', '/api/v1/bootstrap', () => jsonResponse(200, session)),
    route('GET', '/api/v1/business/settings', () => jsonResponse(200, {})),
    route('GET', '/api/v1/business', options.business ?? (() => jsonResponse(200, { data: stored }))),
    route('PUT', '/api/v1/business', options.save ?? savedAs),
    route('POST', '/api/v1/business/upload-logo', () => jsonResponse(200, { data: { ...stored, logo: '/files/t/logos/new.png' } })),
  );
  return { ...api, session };
}

const puts = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'PUT' && r.path === '/api/v1/business').map((r) => r.body as UpdateBusinessFields);
const bootstrapLoads = (requests: RecordedRequest[]) => requests.filter((r) => r.path === '/api/v1/bootstrap').length;

describe('business information', () => {
  it('shows the stored business, saves the edited details and addresses, and refreshes the startup data', async () => {
    const { requests, session } = businessApi();
    renderApp('/settings/business-info', session);
    const user = userEvent.setup({ delay: null });

    const nav = await screen.findByRole('navigation', { name: 'Settings sections' }, { timeout: 15_000 });
    expect(within(nav).getByRole('link', { name: 'Business information' })).toHaveAttribute('aria-current', 'page');
    const name = await screen.findByRole('textbox', { name: 'Business name' });
    expect(name).toHaveValue('Acme Ltd');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('hello@acme.example.com');
    const billingFields = within(screen.getByRole('group', { name: 'Billing address' }));
    expect(billingFields.getByRole('textbox', { name: 'City' })).toHaveValue('Springfield');
    const same = screen.getByRole('switch', { name: 'Shipping address is the same as the billing address' });
    expect(same).toBeChecked();
    expect(screen.queryByRole('group', { name: 'Shipping address' })).not.toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await user.clear(name);
    await user.type(name, 'Acme Holdings');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Business type' }), 'individual');
    await user.clear(billingFields.getByRole('textbox', { name: 'Street address 1' }));
    await user.type(billingFields.getByRole('textbox', { name: 'Street address 1' }), '2 Market Sq');
    const loadsBefore = bootstrapLoads(requests);
    await user.click(save);

    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    const body = puts(requests)[0];
    expect(body).toMatchObject({ name: 'Acme Holdings', email: 'hello@acme.example.com', business_type: 'individual', business_structure: 'sole_proprietorship', currency_id: 1 });
    expect(body?.billing_address).toEqual({ ...billing, address_street_1: '2 Market Sq' });
    expect(body?.shipping_address).toEqual(body?.billing_address);
    expect(body).not.toHaveProperty('shipping_same_as_billing');
    expect(await screen.findByText('Business information saved', {}, { timeout: 15_000 })).toBeInTheDocument();
    await waitFor(() => expect(bootstrapLoads(requests)).toBeGreaterThan(loadsBefore));
    await waitFor(() => expect(save).toBeDisabled());
  });

  it('keeps a separate shipping address, refuses an incomplete one and shows what the API refuses on its fields', async () => {
    const { requests, session } = businessApi({
      save: (request) =>
        (request.body as UpdateBusinessFields).phone === '555 000 0000'
          ? jsonResponse(422, { message: 'The phone is not valid.', errors: { phone: ['The phone is not valid.'], 'shipping_address.country_id': ['The country is not valid.'] } })
          : savedAs(request),
    });
    renderApp('/settings/business-info', session);
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('switch', { name: 'Shipping address is the same as the billing address' }, { timeout: 15_000 }));
    const shipping = within(await screen.findByRole('group', { name: 'Shipping address' }));
    expect(shipping.getByRole('textbox', { name: 'City' })).toHaveValue('Springfield');
    await user.clear(shipping.getByRole('textbox', { name: 'Street address 1' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await shipping.findByText('Incomplete Address')).toBeInTheDocument();
    expect(puts(requests)).toHaveLength(0);

    await user.type(shipping.getByRole('textbox', { name: 'Street address 1' }), '9 Dock Rd');
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '555 000 0000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription('The phone is not valid.'));
    expect(shipping.getByRole('combobox', { name: 'Country' })).toHaveAccessibleDescription('The country is not valid.');
    expect(puts(requests)[0]?.shipping_address).toMatchObject({ address_street_1: '9 Dock Rd', city: 'Springfield' });
    expect(puts(requests)[0]?.billing_address).toMatchObject({ address_street_1: '1 Main St' });
  });

  it('uploads a logo and shows it; a file that is not an image is refused before uploading', async () => {
    const { requests, session } = businessApi();
    renderApp('/settings/business-info', session);
    const user = userEvent.setup({ delay: null, applyAccept: false });

    expect(await screen.findByText('No logo yet', {}, { timeout: 15_000 })).toBeInTheDocument();
    const input = () => document.querySelector<HTMLInputElement>('input[type="file"]');
    const fileInput = input();
    if (!fileInput) throw new Error('The logo file input is missing');
    await user.upload(fileInput, new File(['text'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('The logo must be a PNG, JPEG or GIF image.')).toBeInTheDocument();

    await user.upload(fileInput, new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Logo of Acme Ltd' })).toHaveAttribute('src', '/files/t/logos/new.png');
    const upload = requests.find((r) => r.path === '/api/v1/business/upload-logo');
    expect(upload?.body).toBeInstanceOf(FormData);
    expect(upload?.body instanceof FormData && upload.body.get('business_logo')).toBeInstanceOf(File);
    expect(screen.getByRole('button', { name: 'Replace logo' })).toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes', async () => {
    const { session } = businessApi();
    const { router } = renderApp('/settings/business-info', session);
    const user = userEvent.setup({ delay: null });

    await user.type(await screen.findByRole('textbox', { name: 'Website' }, { timeout: 15_000 }), '/about');
    await user.click(screen.getByRole('link', { name: 'Preferences' }));
    const prompt = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(prompt).toHaveTextContent('You have some unsaved changes that will be lost.');
    await user.click(within(prompt).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/settings/business-info');
    expect(screen.getByRole('textbox', { name: 'Website' })).toHaveValue('acme.example.com/about');
  });

  it('shows a load failure with a retry', { timeout: 30_000 }, async () => {
    let fail = true;
    const { session } = businessApi({ business: () => (fail ? jsonResponse(500, { message: 'Server Error' }) : jsonResponse(200, { data: stored })) });
    renderApp('/settings/business-info', session);
    const user = userEvent.setup({ delay: null });

    // A server error is retried twice before the page gives up.
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 10_000 });
    expect(screen.getByText('Could not load this content')).toBeInTheDocument();
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('textbox', { name: 'Business name' })).toHaveValue('Acme Ltd');
  });

  it('sends a user without edit-business-information to /403', async () => {
    const { session } = businessApi({ abilities: ['manage-business-settings'] });
    const { router } = renderApp('/settings/business-info', session);
    expect(await screen.findByRole('heading', { name: 'Forbidden' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/403');
  });
});

describe('address information', () => {
  it('edits the two addresses alone; the shipping address follows the billing one until the switch is turned off', async () => {
    const { session } = businessApi();
    const { requests } = mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      route('GET', '/api/v1/csrf-cookie', () => {
        document.cookie = 'XSRF-TOKEN=token; path=/';
        return new Response(null, { status: 204 });
      }),
      route('GET', '/api/v1/bootstrap', () => jsonResponse(200, session)),
      route('GET', '/api/v1/business', () => jsonResponse(200, { data: stored })),
      route('PUT', '/api/v1/business/addresses', savedAs),
    );
    renderApp('/settings/address-information', session);
    const user = userEvent.setup({ delay: null });

    const nav = await screen.findByRole('navigation', { name: 'Settings sections' }, { timeout: 15_000 });
    expect(within(nav).getByRole('link', { name: 'Address information' })).toHaveAttribute('aria-current', 'page');
    const city = within(await screen.findByRole('group', { name: 'Billing address' })).getByRole('textbox', { name: 'City' });
    expect(screen.queryByRole('textbox', { name: 'Business name' })).not.toBeInTheDocument();
    await user.clear(city);
    await user.type(city, 'Shelbyville');
    await user.click(screen.getByRole('switch', { name: 'Shipping address is the same as the billing address' }));
    const shipping = within(await screen.findByRole('group', { name: 'Shipping address' }));
    await user.clear(shipping.getByRole('textbox', { name: 'City' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Incomplete Address')).toBeInTheDocument();
    await user.type(shipping.getByRole('textbox', { name: 'City' }), 'Capital City');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Addresses saved')).toBeInTheDocument();
    const sent = requests.filter((r) => r.method === 'PUT').map((r) => r.body as UpdateBusinessFields);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ billing_address: { city: 'Shelbyville', address_street_1: '1 Main St' }, shipping_address: { city: 'Capital City' } });
    expect(Object.keys(sent[0] ?? {}).sort()).toEqual(['billing_address', 'shipping_address']);
  });
});
