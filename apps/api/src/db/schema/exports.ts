import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses, users } from './identity';
import { tenants } from './tenancy';

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/** A business's export template: the fields of one export type, in column order, with their column names. */
export const exportTemplates = pgTable(
  'export_templates',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    businessId: uuid('business_id').notNull(),
    name: text('name').notNull(),
    exportType: text('export_type').notNull(),
    fields: jsonb('fields').$type<{ field: string; column_name: string }[]>().notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('export_templates_business_idx').on(t.tenantId, t.businessId, t.exportType),
    // One default per export type and business.
    uniqueIndex('export_templates_one_default_idx').on(t.tenantId, t.businessId, t.exportType).where(sql`is_default`),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'export_templates_business_fk' }).onDelete('cascade'),
  ],
);

/**
 * One export: the list's filters and the columns are copied in when it starts (a template edited
 * later does not change it). `storage_key` is set only once the whole file is written.
 */
export const exportRuns = pgTable(
  'export_runs',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    businessId: uuid('business_id').notNull(),
    createdBy: uuid('created_by'),
    exportType: text('export_type').notNull(),
    format: text('format', { enum: ['csv', 'xlsx'] }).notNull(),
    templateName: text('template_name').notNull(),
    columns: jsonb('columns').$type<{ field: string; column_name: string }[]>().notNull(),
    filters: jsonb('filters').$type<Record<string, string>>().notNull(),
    status: text('status', { enum: ['queued', 'running', 'completed', 'failed'] }).notNull(),
    totalRows: integer('total_rows'),
    rowsWritten: integer('rows_written').notNull().default(0),
    failure: text('failure'),
    storageKey: text('storage_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('export_runs_business_idx').on(t.tenantId, t.businessId, t.createdAt),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'export_runs_business_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id], name: 'export_runs_creator_fk' }).onDelete('set null'),
  ],
);
