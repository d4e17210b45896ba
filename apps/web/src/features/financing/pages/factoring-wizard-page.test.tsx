import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { financingMessages } from '@app/contracts';
import { csrf } from '../../../test/document-fixtures';
import { type RecordedRequest, jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeFactoringOffer, makeLoan } from '../../../test/financing-fixtures';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const lazyLoad = { timeout: 15_000 };
const tenant = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));
const owner = makeSession({ current_user_abilities: ['dashboard', 'view-invoice', 'view-balance-sheet', 'manage-business-settings'] });
const OFFER_PATH = '/api/v1/business/factoring/inv-1/loan-offer';
const FUND_PATH = '/api/v1/business/factoring/inv-1/loan-fund';

/** The offer, and the fund route answering what `fund` says for each call. */
function wizardRoutes(offer = makeFactoringOffer(), fund: (request: RecordedRequest, call: number) => Response = (request) => jsonResponse(201, { data: funded(request) })) {
  let calls = 0;
  return mockFetch(
    tenant,
    csrf,
    route('GET', OFFER_PATH, () => jsonResponse(200, offer)),
    route('POST', FUND_PATH, (request) => fund(request, ++calls)),
  );
}

/** The loan the server makes of a fund request: the amount asked, its fee, waiting for the lender. */
function funded(request: RecordedRequest) {
  const amount = (request.body as { givenLoanAmount: number }).givenLoanAmount;
  return makeLoan({ status: 'pending_funding', funded_at: null, principal_amount: amount, fee_amount: Math.ceil((amount * 600) / 10_000) });
}

const amountField = () => screen.findByRole('textbox', { name: /Amount to take/ }, lazyLoad);
const funds = (requests: RecordedRequest[]) => requests.filter((request) => request.method === 'POST' && request.path === FUND_PATH);

describe('the factoring wizard', () => {
  it('starts at the offer, refuses more than it, recomputes the fee, and funds the amount chosen with an Idempotency-Key', async () => {
    const { requests } = wizardRoutes(makeFactoringOffer({ terms_url: 'https://lender.example/terms' }));
    renderApp('/invoices/inv-1/factoring', owner);

    const amount = await amountField();
    expect(screen.getByRole('heading', { name: 'Get paid now' })).toBeInTheDocument();
    const offer = screen.getByRole('region', { name: "The lender's offer" });
    expect(offer).toHaveTextContent('Invoice amount$1,000.00Most you can get$800.00Fee$48.00You receive when your customer pays$152.00');
    expect(screen.getByRole('region', { name: 'Invoice INV-000001' })).toHaveTextContent('Globex Corporation');
    expect(amount).toHaveValue('800.00');

    await userEvent.clear(amount);
    await userEvent.type(amount, '800.01');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(financingMessages.amountAboveOffer)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Amount to take/ })).toBeInTheDocument();

    await userEvent.clear(amount);
    await userEvent.type(amount, '333.33');
    // 333.33 × 3% × 2 periods = 19.9998, rounded up to the cent.
    expect(screen.getByText('Fee $20.00; you receive $646.67 when your customer pays.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    const review = await screen.findByRole('region', { name: 'Your advance' });
    expect(review).toHaveTextContent('You receive now$333.33Fee$20.00You receive when your customer pays$646.67');
    expect(screen.getByRole('link', { name: 'https://lender.example/terms' })).toHaveAttribute('href', 'https://lender.example/terms');
    await userEvent.click(screen.getByRole('button', { name: 'Take $333.33 now' }));
    expect(await screen.findByText(financingMessages.termsRequired)).toBeInTheDocument();
    expect(funds(requests)).toHaveLength(0);

    await userEvent.click(screen.getByRole('checkbox', { name: "I accept the lender's terms" }));
    await userEvent.click(screen.getByRole('button', { name: 'Take $333.33 now' }));
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('The advance on invoice INV-000001 is on its way');
    expect(done).toHaveTextContent('Awaiting funds');
    expect(done).toHaveTextContent('The lender is sending $333.33 to your payout account. When Globex Corporation pays, the lender keeps $353.33');
    expect(screen.getByRole('link', { name: 'See your loans' })).toHaveAttribute('href', '/loan-balance?tab=factoring');

    const [fund] = funds(requests);
    expect(fund?.body).toEqual({ offerId: 'offer-1', givenLoanAmount: 33_333, termsAgreement: true });
    expect(fund?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("shows the server's refusal in its words and retries with the same Idempotency-Key", async () => {
    const { requests } = wizardRoutes(makeFactoringOffer(), (request, call) =>
      call === 1 ? jsonResponse(422, { message: financingMessages.payoutAccountRequired }) : jsonResponse(201, { data: funded(request) }),
    );
    renderApp('/invoices/inv-1/factoring', owner);

    await amountField();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    // No terms link: no checkbox to tick.
    expect(await screen.findByRole('region', { name: 'Your advance' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Take $800.00 now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(financingMessages.payoutAccountRequired);

    await userEvent.click(screen.getByRole('button', { name: 'Take $800.00 now' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Awaiting funds');
    const [first, retry] = funds(requests);
    expect(first?.body).toEqual({ offerId: 'offer-1', givenLoanAmount: 80_000 });
    expect(retry?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'));
  });

  it('sends another Idempotency-Key once the amount changed, and offers a new offer when the old one expired', async () => {
    let offerReads = 0;
    const { requests } = mockFetch(
      tenant,
      csrf,
      route('GET', OFFER_PATH, () => jsonResponse(200, makeFactoringOffer({ id: `offer-${String(++offerReads)}` }))),
      route('POST', FUND_PATH, () => jsonResponse(409, { message: financingMessages.offerExpired })),
    );
    renderApp('/invoices/inv-1/factoring', owner);

    await amountField();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Take $800.00 now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(financingMessages.offerExpired);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    const amount = await amountField();
    await userEvent.clear(amount);
    await userEvent.type(amount, '500');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Take $500.00 now' }));
    await waitFor(() => expect(funds(requests)).toHaveLength(2));
    const [first, second] = funds(requests);
    expect(second?.headers.get('Idempotency-Key')).not.toBe(first?.headers.get('Idempotency-Key'));

    await userEvent.click(await screen.findByRole('button', { name: 'Get a new offer' }));
    // A new offer starts the wizard again at step 1.
    expect(await amountField()).toHaveValue('800.00');
    await waitFor(() => expect(offerReads).toBe(2));
  });

  it('shows the offer refused in the server\'s words', async () => {
    mockFetch(tenant, route('GET', OFFER_PATH, () => jsonResponse(409, { message: financingMessages.alreadyFinanced })));
    renderApp('/invoices/inv-1/factoring', owner);
    expect(await screen.findByRole('alert', {}, lazyLoad)).toHaveTextContent(financingMessages.alreadyFinanced);
    expect(screen.getByRole('link', { name: 'Back to the invoice' })).toHaveAttribute('href', '/invoices/inv-1/view');
  });

  it('lets a reader see the offer but not take it without manage-business-settings', async () => {
    const { requests } = wizardRoutes();
    renderApp('/invoices/inv-1/factoring', makeSession({ current_user_abilities: ['dashboard', 'view-invoice', 'view-balance-sheet'] }));

    await amountField();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('button', { name: 'Take $800.00 now' })).toBeDisabled();
    expect(screen.getByText(/needs the Manage business settings ability/)).toBeInTheDocument();
    expect(funds(requests)).toHaveLength(0);
  });

  it('sends a user without view-balance-sheet to /403', async () => {
    const { requests } = wizardRoutes();
    const { router } = renderApp('/invoices/inv-1/factoring', makeSession({ current_user_abilities: ['dashboard', 'view-invoice', 'manage-business-settings'] }));
    expect(await screen.findByRole('heading', { name: 'Forbidden' }, lazyLoad)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/403');
    expect(requests.filter((request) => request.path === OFFER_PATH)).toHaveLength(0);
  });
});

