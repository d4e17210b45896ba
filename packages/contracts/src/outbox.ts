import { z } from 'zod';

export const outboxStatuses = ['pending', 'sent', 'failed', 'held'] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

export const outboxMailResourceSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  status: z.enum(outboxStatuses),
  attempts: z.number(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxMailResource = z.infer<typeof outboxMailResourceSchema>;
