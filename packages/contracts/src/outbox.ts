import { z } from 'zod';
import { countedListPageResponse } from './common';
import { pageSchema, pageSizeSchema, text } from './fields';

export const outboxStatuses = ['pending', 'sent', 'failed', 'held'] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

export const outboxListQuerySchema = z.object({ page: pageSchema, limit: pageSizeSchema(15, 100), status: z.enum(outboxStatuses).optional(), to: text().max(255).optional() });

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
export const outboxListResponseSchema = countedListPageResponse(outboxMailResourceSchema, { outbox_total_count: z.number() });
