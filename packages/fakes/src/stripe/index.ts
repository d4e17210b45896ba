export { startFakeStripe, type FakeStripe, type FakeStripeOptions } from './server.js';
export type { FakeStripeControl, VerificationFailureOptions } from './control.js';
export { fakeStripeJsSource, STRIPE_JS_URL } from './stripe-js.js';
export { signPayload, type WebhookDelivery } from './webhooks.js';
export { FAILING_ACCOUNT_NUMBER, FAILING_ADDRESS_LINE1, FAILING_ID_NUMBER } from './records.js';
export { TEST_ROUTING_NUMBER } from './tokens.js';
export { RETURNED_BANK_ACCOUNTS, TEST_CARD_TOKENS, TEST_CARDS, TEST_PAYMENT_METHOD_CARDS, type BankBehavior, type CardBehavior, type TestCard } from './payment-records.js';
