import { z } from 'zod';
import { dataResponse, listPageResponse } from './common';
import { listOf, pageSchema, pageSizeSchema, text } from './fields';
import { sharedMessages as messages } from './shared-messages';

/**
 * The import wizard (spec: upload, map fields, preview, import). A file is uploaded into an import
 * job; the server detects its columns and proposes a mapping; the user adjusts the mapping and
 * reads a preview; the run is a background job with progress; a completed import can be undone
 * while nothing depends on what it created.
 */
export const importEntities = ['customers', 'vendors', 'items', 'invoices', 'payments'] as const;
export type ImportEntity = (typeof importEntities)[number];

export const importStatuses = ['mapping', 'queued', 'running', 'completed', 'failed', 'undone'] as const;
export type ImportStatus = (typeof importStatuses)[number];

/** A field of the entity the file's columns can map to. */
export const importFieldSummarySchema = z.object({ name: z.string(), label: z.string(), required: z.boolean(), description: z.string().nullable() });
/** A column found in the file: its position, its header text and the first few values. */
export const importColumnSummarySchema = z.object({ index: z.number().int(), header: z.string(), samples: z.array(z.string()) });

export const importJobResourceSchema = z.object({
  id: z.string(),
  entity: z.enum(importEntities),
  file_name: z.string(),
  status: z.enum(importStatuses),
  columns: z.array(importColumnSummarySchema),
  fields: z.array(importFieldSummarySchema),
  /** field name -> column index, or null for an unmapped field. */
  mapping: z.record(z.string(), z.number().int().nullable()),
  skip_invalid_rows: z.boolean(),
  total_rows: z.number().int(),
  processed_rows: z.number().int(),
  created_count: z.number().int(),
  skipped_count: z.number().int(),
  /** Why a run failed as a whole (for example a row error without skip_invalid_rows), else null. */
  failure: z.string().nullable(),
  has_error_report: z.boolean(),
  can_undo: z.boolean(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ImportJobResource = z.infer<typeof importJobResourceSchema>;
export const importJobResponseSchema = dataResponse(importJobResourceSchema);

/** Multipart fields of POST /business/imports besides the `file` part. */
export const importUploadFieldsSchema = z.object({ entity: text().pipe(z.enum(importEntities, { message: messages.invalidImportEntity })) });

export const importMappingRequestSchema = z.object({
  mapping: z.record(text(), z.number().int().min(0).max(16_383).nullable()),
  skip_invalid_rows: z.boolean().default(false),
});
export type ImportMappingRequest = z.input<typeof importMappingRequestSchema>;

/** One row of the preview: the values as they will be stored, and each field's error in the spec's messages. */
export const importPreviewRowResourceSchema = z.object({
  row_number: z.number().int(),
  values: z.record(z.string(), z.string().nullable()),
  errors: z.record(z.string(), z.string()),
});
export const importPreviewResponseSchema = z.object({
  data: z.array(importPreviewRowResourceSchema),
  total_rows: z.number().int(),
  invalid_rows: z.number().int(),
});
export type ImportPreviewResponse = z.infer<typeof importPreviewResponseSchema>;

export const importListQuerySchema = z.object({ page: pageSchema, limit: pageSizeSchema(15, 100) });
export const importListResponseSchema = listPageResponse(importJobResourceSchema);

/** A mapping saved for reuse; offered again for a file whose headers match `headers`. */
export const importMappingPresetResourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  entity: z.enum(importEntities),
  headers: z.array(z.string()),
  /** field name -> header text (not position, so it survives reordered columns). */
  mapping: z.record(z.string(), z.string()),
  created_at: z.string(),
});
export const importMappingPresetRequestSchema = z.object({
  name: text().trim().min(1, messages.required).max(255, messages.maxLength255),
  entity: text().pipe(z.enum(importEntities, { message: messages.invalidImportEntity })),
  headers: listOf(text().max(255), { min: 1, max: 500 }),
  mapping: z.record(text(), text().max(255)),
});
export const importMappingPresetListResponseSchema = dataResponse(z.array(importMappingPresetResourceSchema));
export const importMappingPresetResponseSchema = dataResponse(importMappingPresetResourceSchema);
/** `import_id`: only the saved mappings that fit that import (its type and its file's headers). */
export const importMappingPresetListQuerySchema = z.object({ import_id: text().uuid(messages.invalidValue).optional() });
