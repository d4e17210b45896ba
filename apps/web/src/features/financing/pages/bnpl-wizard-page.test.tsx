import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type SavedPaymentMethodResource, financingMessages } from '@app/contracts';
import { csrf } from '../../../test/document-fixtures';
import { type RecordedRequest, jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeBnplOffer, makeLoan } from '../../../test/financing-fixtures';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { makePayment } from '../../../test/payment-fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const lazyLoad = { timeout: 15_000 };
const tenant = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));
const owner = makeSession({ current_user_abilities: ['dashboard', 'view-invoice', 'view-balance-sheet', 'manage-business-settings', 'view-payment-methods'] });
const OFFER_PATH = '/api/v1/business/bnpl/inv-9/loan-offer';
const FUND_PATH = '/api/v1/business/bnpl/inv-9/loan-fund';
const never = { debit_returned_at: null, debit_return_reason: null, created_at: '2026-03-01T10:00:00Z' };
const visa: SavedPaymentMethodResource = { id: 'pm-1', name: 'Visa •••• 4242', type: 'card', expiry_date: '12/2030', is_default: true, ...never };
const bank: SavedPaymentMethodResource = { id: 'pm-2', name: 'STRIPE TEST BANK •••• 6789', type: 'us_bank_account', expiry_date: null, is_default: false, ...never };

/** The vendor's payment the lender made, its receipt, and the customer business's loan. */
const fundedAnswer = {
  data: {
    payment: makePayment({ id: 'pay-9', payment_number: 'PAY-000042', amount: 100_000, payment_date: '2026-03-02', invoice_id: 'inv-9' }),
    paymentReceiptUrl: '/api/v1/payments/pay-9/pdf',
    loan: makeLoan({ product: 'bnpl', status: 'funded', principal_amount: 100_000, fee_amount: 3_000 }),
  },
};

/** The offer (for the days asked), the saved methods, and the fund route answering what `fund` says for each call. */
function wizardRoutes({ methods = [visa, bank], termsUrl = null as string | null, fund = (_request: RecordedRequest, _call: number) => jsonResponse(201, fundedAnswer) } = {}) {
  let calls = 0;
  return mockFetch(
    tenant,
    csrf,
    route('GET', OFFER_PATH, (request) => jsonResponse(200, { data: makeBnplOffer({ days_to_defer: Number(request.search.get('days_to_defer')), terms_url: termsUrl }) })),
    route('GET', '/api/v1/business/payment-methods', () => jsonResponse(200, { data: methods })),
    route('POST', FUND_PATH, (request) => fund(request, ++calls)),
    route('GET', '/api/v1/payments/pay-9/pdf', () => new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } })),
  );
}

const daysField = () => screen.findByRole('textbox', { name: /Days to defer/ }, lazyLoad);
const stepTitle = (name: string) => screen.findByRole('heading', { name });
const offers = (requests: RecordedRequest[]) => requests.filter((request) => request.path === OFFER_PATH).map((request) => request.search.get('days_to_defer'));
const funds = (requests: RecordedRequest[]) => requests.filter((request) => request.method === 'POST' && request.path === FUND_PATH);

/** From step 1 to the review with the default deferral and the Visa card. */
async function toReview() {
  await daysField();
  await userEvent.click(screen.getByRole('button', { name: 'See the offer' }));
  await stepTitle('Step 2 of 4: Offer');
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await userEvent.click(await screen.findByRole('radio', { name: /Visa •••• 4242/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await stepTitle('Step 4 of 4: Review and confirm');
}

describe('the BNPL wizard', () => {
  it('walks the four steps, back and forward, and defers the invoice with the terms accepted and an Idempotency-Key', async () => {
    const { requests } = wizardRoutes({ termsUrl: 'https://lender.example/terms' });
    renderApp('/invoices/inv-9/bnpl', owner);

    // Step 1: 90 days unless changed, whole days from 1 to 180.
    const days = await daysField();
    expect(screen.getByRole('heading', { name: 'Pay later' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Step 1 of 4: Deferral' })).toBeInTheDocument();
    expect(days).toHaveValue('90');
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    await userEvent.clear(days);
    await userEvent.type(days, '181');
    await userEvent.click(screen.getByRole('button', { name: 'See the offer' }));
    expect(await screen.findByText('Enter a whole number of days from 1 to 180.')).toBeInTheDocument();
    expect(offers(requests)).toEqual([]);
    await userEvent.clear(days);
    await userEvent.type(days, '120');
    await userEvent.click(screen.getByRole('button', { name: 'See the offer' }));

    // Step 2: the offer; the step's heading takes the focus.
    const title = await stepTitle('Step 2 of 4: Offer');
    await waitFor(() => expect(title).toHaveFocus());
    expect(screen.getByRole('region', { name: "The lender's offer" })).toHaveTextContent('Paid to the vendor now$1,000.00Fee$30.00Repay date');
    expect(screen.getByRole('region', { name: "The lender's offer" })).toHaveTextContent('Total to repay$1,030.00');
    expect(screen.getByRole('region', { name: 'Invoice BILL-7' })).toHaveTextContent('Initech Inc');
    expect(offers(requests)).toEqual(['120']);

    // Back to step 1 keeps the days; forward again with the same days asks for no new offer.
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await daysField()).toHaveValue('120');
    await userEvent.click(screen.getByRole('button', { name: 'See the offer' }));
    await stepTitle('Step 2 of 4: Offer');
    expect(offers(requests)).toEqual(['120']);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    // Step 3: a method is required.
    await stepTitle('Step 3 of 4: Payment method');
    expect(await screen.findByRole('radio', { name: /STRIPE TEST BANK •••• 6789/ })).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(financingMessages.paymentMethodRequired)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /Visa •••• 4242/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    // Step 4: review; the terms must be accepted.
    await stepTitle('Step 4 of 4: Review and confirm');
    expect(screen.getByRole('region', { name: 'Your deferral' })).toHaveTextContent('Visa •••• 4242 is charged $1,030.00');
    expect(screen.getByRole('link', { name: 'https://lender.example/terms' })).toHaveAttribute('href', 'https://lender.example/terms');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and pay later' }));
    expect(await screen.findByText(financingMessages.termsRequired)).toBeInTheDocument();
    expect(funds(requests)).toHaveLength(0);
    await userEvent.click(screen.getByRole('checkbox', { name: "I accept the lender's terms" }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and pay later' }));

    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('Invoice BILL-7 is paid');
    expect(screen.getByRole('heading', { name: 'Done' })).toBeInTheDocument();
    expect(done).toHaveTextContent('Payment PAY-000042 of $1,000.00 went to Initech Inc');
    expect(done).toHaveTextContent('Visa •••• 4242 will be charged $1,030.00');

    // The receipt is read through the API client (the business header goes along); jsdom has no object URLs and does not download.
    const createObjectURL = vi.fn(() => 'blob:receipt');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await userEvent.click(within(done).getByRole('button', { name: 'Download the payment receipt' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(requests.filter((request) => request.path === '/api/v1/payments/pay-9/pdf')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'See your loans' })).toHaveAttribute('href', '/loan-balance?tab=bnpl');
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start over' })).not.toBeInTheDocument();

    const [fund] = funds(requests);
    expect(fund?.body).toEqual({ offerId: 'bnpl-offer-1', daysToDefer: 120, selectedPaymentMethod: 'pm-1', termsAgreement: true });
    expect(fund?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('starts over at step 1 with the default deferral, and asks again when the days change', async () => {
    const { requests } = wizardRoutes();
    renderApp('/invoices/inv-9/bnpl', owner);
    await toReview();
    await userEvent.click(screen.getByRole('button', { name: 'Start over' }));
    await stepTitle('Step 1 of 4: Deferral');
    expect(await daysField()).toHaveValue('90');
    expect(screen.getByRole('button', { name: 'Start over' })).toBeDisabled();

    const days = await daysField();
    await userEvent.clear(days);
    await userEvent.type(days, '30');
    await userEvent.click(screen.getByRole('button', { name: 'See the offer' }));
    await stepTitle('Step 2 of 4: Offer');
    expect(offers(requests)).toEqual(['90', '30']);
  });

  it('says the lender is paying the vendor while its transfer is not made, with no receipt yet', async () => {
    wizardRoutes({ fund: () => jsonResponse(201, { data: { ...fundedAnswer.data, payment: null, paymentReceiptUrl: null, loan: { ...fundedAnswer.data.loan, status: 'pending_funding' } } }) });
    renderApp('/invoices/inv-9/bnpl', owner);
    await toReview();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and pay later' }));
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('Invoice BILL-7 is deferred');
    expect(done).toHaveTextContent('Awaiting funds');
    expect(done).toHaveTextContent('The lender is paying $1,000.00 to Initech Inc');
    expect(within(done).queryByRole('button', { name: 'Download the payment receipt' })).not.toBeInTheDocument();
  });

  it('sends to settings when no payment method is saved', async () => {
    wizardRoutes({ methods: [] });
    renderApp('/invoices/inv-9/bnpl', owner);
    await daysField();
    await userEvent.click(screen.getByRole('button', { name: 'See the offer' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('You have no saved payment method to repay with.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a payment method in settings' })).toHaveAttribute('href', '/settings/payment-methods');
  });

  it("shows a refused offer in the server's words and stays at step 1", async () => {
    mockFetch(tenant, route('GET', OFFER_PATH, () => jsonResponse(409, { message: financingMessages.alreadyFinanced })));
    renderApp('/invoices/inv-9/bnpl', owner);
    await daysField();
    await userEvent.click(screen.getByRole('button', { name: 'See the offer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(financingMessages.alreadyFinanced);
    expect(screen.getByRole('heading', { name: 'Step 1 of 4: Deferral' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the invoice' })).toHaveAttribute('href', '/invoices/inv-9/view');
  });

  it('retries a refused confirmation with the same Idempotency-Key, and starts again when the offer expired', async () => {
    const { requests } = wizardRoutes({
      fund: (_request, call) => (call === 1 ? jsonResponse(422, { message: 'The card was declined.' }) : jsonResponse(409, { message: financingMessages.offerExpired })),
    });
    renderApp('/invoices/inv-9/bnpl', owner);
    await toReview();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and pay later' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The card was declined.');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and pay later' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(financingMessages.offerExpired);
    const [first, retry] = funds(requests);
    expect(retry?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'));

    await userEvent.click(screen.getByRole('button', { name: 'Start again' }));
    await stepTitle('Step 1 of 4: Deferral');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lets a reader see the offer but not confirm without manage-business-settings', async () => {
    const { requests } = wizardRoutes();
    renderApp('/invoices/inv-9/bnpl', makeSession({ current_user_abilities: ['dashboard', 'view-invoice', 'view-balance-sheet', 'view-payment-methods'] }));
    await toReview();
    expect(screen.getByRole('button', { name: 'Confirm and pay later' })).toBeDisabled();
    expect(screen.getByText(/needs the Manage business settings ability/)).toBeInTheDocument();
    expect(funds(requests)).toHaveLength(0);
  });

  it('sends a user without view-balance-sheet to /403', async () => {
    const { requests } = wizardRoutes();
    const { router } = renderApp('/invoices/inv-9/bnpl', makeSession({ current_user_abilities: ['dashboard', 'view-invoice', 'manage-business-settings'] }));
    expect(await screen.findByRole('heading', { name: 'Forbidden' }, lazyLoad)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/403');
    expect(requests.filter((request) => request.path === OFFER_PATH)).toHaveLength(0);
  });
});
