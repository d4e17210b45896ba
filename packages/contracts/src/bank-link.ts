import { z } from 'zod';
import { text } from './fields';
import { sharedMessages as messages } from './shared-messages';

/**
 * The bank-link provider's token for the browser, and what the browser sends back once a bank was
 * linked: used by payouts and by online payments. A module of its own, so the public pay page
 * takes these two without the payout onboarding's schemas (issue 17's page budget).
 */
export const bankLinkTokenSchema = z.object({ link_token: z.string(), expiration: z.string() });
export const bankLinkExchangeRequestSchema = z.object({ public_token: text().min(1, messages.required).max(255), account_id: text().min(1, messages.required).max(255) });
export type BankLinkExchangeRequest = z.input<typeof bankLinkExchangeRequestSchema>;
