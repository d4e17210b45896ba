/**
 * Faithful fakes of the outside services (payment provider, bank link, lender), for tests and the demo:
 * they speak the real wire protocol so the official SDKs run against them unchanged.
 */
export { startFakePlaid, type FakePlaid, type StartFakePlaidOptions } from './plaid/fake-plaid.js';
export { fakePlaidLinkScript, PLAID_LINK_SCRIPT_URL } from './plaid/link-script.js';
export type { FakePlaidErrorName, FakePlaidErrorSpec } from './plaid/plaid-errors.js';
export {
  startFakeLender,
  lenderSignatureHeader,
  type FakeLender,
  type FakeLenderControl,
  type FakeLenderOptions,
  type LenderEvent,
  type LenderEventType,
  type LenderLoanObject,
  type LenderOfferObject,
  type LenderTerms,
  type LenderWebhookDelivery,
} from './lender/index.js';
export { BankTokenRegistry, type IssuedBankAccount } from './bank-token-registry.js';
export {
  startFakeStripe,
  fakeStripeJsSource,
  STRIPE_JS_URL,
  signPayload,
  FAILING_ACCOUNT_NUMBER,
  FAILING_ADDRESS_LINE1,
  FAILING_ID_NUMBER,
  TEST_ROUTING_NUMBER,
  RETURNED_BANK_ACCOUNTS,
  TEST_CARD_TOKENS,
  TEST_CARDS,
  TEST_PAYMENT_METHOD_CARDS,
  type BankBehavior,
  type CardBehavior,
  type TestCard,
  type FakeStripe,
  type FakeStripeControl,
  type FakeStripeOptions,
  type VerificationFailureOptions,
  type WebhookDelivery,
} from './stripe/index.js';
