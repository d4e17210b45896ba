export { startFakeLender, type FakeLender, type FakeLenderOptions } from './server.js';
export type { FakeLenderControl } from './control.js';
export { lenderSignatureHeader, type LenderWebhookDelivery } from './webhooks.js';
export type { LenderTerms } from './state.js';
export type { LenderEvent, LenderEventType, LenderLoanObject, LenderOfferObject } from './wire.js';
