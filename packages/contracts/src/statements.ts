import { z } from 'zod';
import { isoDateSchema } from './fields';
import { sharedMessages as messages } from './shared-messages';

/** GET /customers/{id}/statement and /vendors/{id}/statement: the period, by default the calendar year to date. */
export const statementQuerySchema = z
  .object({ from: isoDateSchema.optional(), to: isoDateSchema.optional() })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ['to'], message: messages.endBeforeStartDate });
export type StatementQuery = z.input<typeof statementQuerySchema>;

export const statementLineKinds = ['invoice', 'estimate', 'payment'] as const;
export type StatementLineKind = (typeof statementLineKinds)[number];

/**
 * One document or payment of the period, oldest first. `charge` (an invoice's total) raises the
 * balance, `payment` lowers it; an estimate moves nothing (both 0) and is listed for reference
 * with its `amount`. `balance` is the running balance after the line. A line in another currency
 * than the statement's is listed with its own and moves nothing either.
 */
export const statementLineSchema = z.object({
  kind: z.enum(statementLineKinds),
  id: z.string(),
  date: z.string(),
  number: z.string(),
  status: z.string(),
  currency_id: z.number(),
  amount: z.number(),
  charge: z.number(),
  payment: z.number(),
  balance: z.number(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

/**
 * A counterparty's statement in integer minor units of `currency_id`: for a customer what it owes
 * the business (its finalized invoices less the payments received from it), for a vendor what the
 * business owes it (the vendor's invoices addressed to the business less the completed payments
 * made to it). Drafts, void invoices and payments not completed (claims awaiting the vendor,
 * rejected ones) count nowhere.
 */
export const statementSchema = z.object({
  counterparty: z.object({ id: z.string(), name: z.string(), kind: z.enum(['customer', 'vendor']) }),
  currency_id: z.number(),
  from: z.string(),
  to: z.string(),
  opening_balance: z.number(),
  charges: z.number(),
  payments: z.number(),
  closing_balance: z.number(),
  lines: z.array(statementLineSchema),
});
export type Statement = z.infer<typeof statementSchema>;
export const statementResponseSchema = z.object({ data: statementSchema });
export type StatementResponse = z.infer<typeof statementResponseSchema>;
