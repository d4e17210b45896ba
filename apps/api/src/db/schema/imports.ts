import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './identity';
import { tenants } from './tenancy';

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/** A column of an uploaded file: its position, header text and first values (shown while mapping). */
export type ImportColumn = { index: number; header: string; samples: string[] };

/**
 * One uploaded file of the import wizard and its run. The file itself is in storage under
 * `storage_key`; `processed_rows` grows while a run validates the file (the progress bar).
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    businessId: uuid('business_id').notNull(),
    entity: text('entity', { enum: ['customers', 'vendors', 'items', 'invoices', 'payments'] }).notNull(),
    fileName: text('file_name').notNull(),
    fileKind: text('file_kind', { enum: ['csv', 'xlsx'] }).notNull(),
    storageKey: text('storage_key').notNull(),
    status: text('status', { enum: ['mapping', 'queued', 'running', 'completed', 'failed', 'undone'] }).notNull(),
    columns: jsonb('columns').$type<ImportColumn[]>().notNull(),
    mapping: jsonb('mapping').$type<Record<string, number | null>>().notNull(),
    skipInvalidRows: boolean('skip_invalid_rows').notNull().default(false),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    failure: text('failure'),
    /** The CSV of skipped rows and their errors, when a run skipped any. */
    errorReportKey: text('error_report_key'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('import_jobs_business_idx').on(t.tenantId, t.businessId, t.createdAt),
    index('import_jobs_unfinished_idx').on(t.status).where(sql`status in ('queued', 'running')`),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'import_jobs_business_fk' }).onDelete('cascade'),
  ],
);

/** What an import created (a customer, an item, ...), written in the run's transaction: undo removes exactly these. */
export const importRecords = pgTable(
  'import_records',
  {
    tenantId: tenantId(),
    importId: uuid('import_id').notNull(),
    recordId: uuid('record_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.importId, t.recordId] }),
    foreignKey({ columns: [t.tenantId, t.importId], foreignColumns: [importJobs.tenantId, importJobs.id], name: 'import_records_import_fk' }).onDelete('cascade'),
  ],
);

/** A mapping saved for reuse: field name -> header text, offered for files with the same headers. */
export const importMappingPresets = pgTable(
  'import_mapping_presets',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    businessId: uuid('business_id').notNull(),
    name: text('name').notNull(),
    entity: text('entity', { enum: ['customers', 'vendors', 'items', 'invoices', 'payments'] }).notNull(),
    headers: text('headers').array().notNull(),
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('import_mapping_presets_business_idx').on(t.tenantId, t.businessId, t.entity),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'import_mapping_presets_business_fk' }).onDelete('cascade'),
  ],
);
