import { z } from 'zod';
import { listQuerySchema } from './common';
import { text } from './fields';
import { sharedMessages as messages } from './shared-messages';

const listMetaShape = { current_page: z.number(), last_page: z.number(), per_page: z.number(), total: z.number() };
const requiredName = text({ error: messages.required }).trim().min(1, messages.required).max(255, messages.maxLength255);

// ---- Notes ---------------------------------------------------------------------------------

export const noteTypes = ['Invoice', 'Estimate', 'Payment'] as const;
export type NoteType = (typeof noteTypes)[number];
/** Spec: notes up to 65,000 characters. */
export const MAX_NOTES_LENGTH = 65_000;

export const noteResourceSchema = z.object({ id: z.string(), type: z.enum(noteTypes), name: z.string(), notes: z.string(), created_at: z.string() });
export type NoteResource = z.infer<typeof noteResourceSchema>;

export const noteRequestSchema = z.object({
  type: z.enum(noteTypes, { error: messages.required }).default('Invoice'),
  name: requiredName,
  notes: text({ error: messages.required }).min(1, messages.required).max(MAX_NOTES_LENGTH, messages.notesTooLong),
});
export type NoteRequest = z.input<typeof noteRequestSchema>;

export const notesQuerySchema = listQuerySchema.extend({ type: z.enum(noteTypes).optional() });

export const noteListResponseSchema = z.object({
  data: z.array(noteResourceSchema),
  meta: z.object({ ...listMetaShape, note_total_count: z.number() }),
});
export type NoteListResponse = z.infer<typeof noteListResponseSchema>;

// ---- Payment modes -------------------------------------------------------------------------

export const paymentModeResourceSchema = z.object({ id: z.string(), name: z.string(), created_at: z.string() });
export type PaymentModeResource = z.infer<typeof paymentModeResourceSchema>;

export const paymentModeRequestSchema = z.object({ name: requiredName });
export type PaymentModeRequest = z.input<typeof paymentModeRequestSchema>;

export const paymentModeListResponseSchema = z.object({
  data: z.array(paymentModeResourceSchema),
  meta: z.object({ ...listMetaShape, payment_mode_total_count: z.number() }),
});
export type PaymentModeListResponse = z.infer<typeof paymentModeListResponseSchema>;
