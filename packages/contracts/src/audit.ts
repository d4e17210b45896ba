import { z } from 'zod';
import { listQuerySchema, uuidSchema } from './common';
import { isoDateSchema, text } from './fields';

export const auditActions = ['created', 'updated', 'deleted'] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditLogQuerySchema = listQuerySchema.extend({
  model: text().trim().max(64).optional(),
  action: z.enum(auditActions).optional(),
  user_id: uuidSchema.optional(),
  from_date: isoDateSchema.optional(),
  to_date: isoDateSchema.optional(),
});
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

export const auditChangeSchema = z.object({ before: z.unknown(), after: z.unknown() });

export const auditLogResourceSchema = z.object({
  id: z.string(),
  model: z.string(),
  model_id: z.string(),
  /** What people call the subject (a document number, a name); null when nothing recorded names it. */
  subject_label: z.string().nullable(),
  action: z.enum(auditActions),
  business_id: z.string().nullable(),
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  changes: z.record(z.string(), auditChangeSchema),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type AuditLogResource = z.infer<typeof auditLogResourceSchema>;

export const auditLogListResponseSchema = z.object({
  data: z.array(auditLogResourceSchema),
  meta: z.object({ current_page: z.number(), last_page: z.number(), per_page: z.number(), total: z.number(), audit_log_total_count: z.number() }),
});
export type AuditLogListResponse = z.infer<typeof auditLogListResponseSchema>;

/** The models the audit log knows so far (the filter's options); later features add theirs. */
export const auditModels = ['business', 'business_settings', 'user', 'role', 'api_client', 'plan'] as const;
