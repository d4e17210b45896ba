import { sql } from 'drizzle-orm';
import type { PdfLayout } from '@app/contracts';
import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses, users } from './identity';
import { tenants } from './tenancy';

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/** Mail written in the same transaction as the change that caused it; a job delivers it. */
export type StoredMailAttachment = { filename: string; content_type: string; content_base64: string };
/**
 * A file made when the mail is sent, from the record it names (`render`: its kind, e.g.
 * 'payment-pdf'), so the transaction that wrote the mail does not wait for it.
 */
export type MailAttachmentAtSend = { render: string; id: string; business_id: string };
export type MailAttachment = StoredMailAttachment | MailAttachmentAtSend;

export const outbox = pgTable(
  'outbox',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    /** The readable copy: one-time tokens and document links masked. */
    text: text('text').notNull(),
    html: text('html'),
    /** The deliverable subject, text and html, sealed with APP_KEY; erased once the mail is sent. */
    sealedContent: text('sealed_content'),
    replyTo: text('reply_to'),
    cc: text('cc'),
    /** Blind copy and the sender's display name a tenant's email template sets (migration 0053). */
    bcc: text('bcc'),
    fromName: text('from_name'),
    /** Files sent with the mail (e.g. the invoice PDF as it was when sent), base64 encoded, or what to make them from at send. */
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    /** The business whose mail it is (a document, a reminder, a notification): its own mail server sends it when it has one. */
    businessId: uuid('business_id'),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'held'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('outbox_status_idx').on(t.tenantId, t.status, t.createdAt),
    // Mail not delivered yet, across tenants: what the sweep and the metrics read, however much sent mail piles up.
    index('outbox_undelivered_idx').on(t.status, t.createdAt).where(sql`status <> 'sent'`),
  ],
);

/** Append-only: the app role may insert and read, never update or delete. */
export const accessLogs = pgTable(
  'access_logs',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    userId: uuid('user_id').notNull(),
    ip: text('ip'),
    device: text('device'),
    loggedInAt: timestamp('logged_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('access_logs_time_idx').on(t.tenantId, t.loggedInAt),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id], name: 'access_logs_user_fk' }),
  ],
);

export const apiLogs = pgTable(
  'api_logs',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    userId: uuid('user_id'),
    businessId: uuid('business_id'),
    method: text('method').notNull(),
    url: text('url').notNull(),
    responseCode: integer('response_code').notNull(),
    requestBody: jsonb('request_body'),
    responseBody: jsonb('response_body'),
    ip: text('ip'),
    os: text('os'),
    appName: text('app_name'),
    appVersion: text('app_version'),
    client: text('client'),
    timezone: text('timezone'),
    loadTimeMs: integer('load_time_ms').notNull(),
    responseSize: integer('response_size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The API client's name when the call came with a client-credentials token (the name as it was then). */
    apiClientName: text('api_client_name'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('api_logs_time_idx').on(t.tenantId, t.createdAt)],
);

/** Who changed what: append-only, one row per create, update or delete. Secrets never enter it. */
export const auditLogs = pgTable(
  'audit_logs',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    businessId: uuid('business_id'),
    userId: uuid('user_id'),
    model: text('model').notNull(),
    modelId: text('model_id').notNull(),
    /** What people call the subject (a document number, a name), kept as it was when written; null on rows from before it was recorded. */
    subjectLabel: text('subject_label'),
    action: text('action', { enum: ['created', 'updated', 'deleted'] }).notNull(),
    changes: jsonb('changes').$type<Record<string, { before: unknown; after: unknown }>>().notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('audit_logs_business_time_idx').on(t.tenantId, t.businessId, t.createdAt),
    index('audit_logs_time_idx').on(t.tenantId, t.createdAt),
  ],
);

/** The columns of an SMTP server, the tenant's or a business's. */
const smtpColumns = () => ({
  host: text('host').notNull(),
  port: integer('port').notNull(),
  username: text('username'),
  /** SecretBox-sealed; never returned. */
  password: text('password'),
  encryption: text('encryption', { enum: ['none', 'tls', 'starttls'] }).notNull().default('starttls'),
  fromName: text('from_name').notNull(),
  fromAddress: text('from_address').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The tenant's own SMTP (admin → email configuration); without a row the environment's MAIL_* is used. */
export const mailSettings = pgTable('mail_settings', {
  tenantId: tenantId().primaryKey(),
  ...smtpColumns(),
});

/** A business's own SMTP server (settings → email configuration); its mail goes through it instead of the tenant's. */
export const businessMailSettings = pgTable(
  'business_mail_settings',
  {
    tenantId: tenantId(),
    businessId: uuid('business_id').notNull(),
    ...smtpColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.businessId] }),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'business_mail_settings_business_fk' }).onDelete('cascade'),
  ],
);

/** The tenant's security settings (admin → settings); without a row the defaults apply. */
export const securitySettings = pgTable('security_settings', {
  tenantId: tenantId().primaryKey(),
  /** The longest a personal access token may last, in days. */
  personalTokenMaxDays: integer('personal_token_max_days').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Flood-limit windows shared by every app process (platform/flood-limit.ts). Not tenant-owned, keys
 * are SHA-256 digests, only the owner role uses it. UNLOGGED (migration 0022): a count costs no WAL
 * flush, and a crash or a failover empties the table, which only starts every window afresh.
 */
export const floodCounters = pgTable(
  'flood_counters',
  {
    key: text('key').primaryKey(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [index('flood_counters_window_started_idx').on(t.windowStartedAt)],
);

/**
 * Attempt counters shared by every app process (platform/throttle.ts). Not tenant-owned: a key is
 * the SHA-256 of what it counts (an account of a tenant, a client address, ...), so the table
 * holds nothing readable, and an address has one budget across tenants. Only the owner role
 * reads and writes it, outside tenant transactions.
 */
export const throttleCounters = pgTable(
  'throttle_counters',
  {
    key: text('key').primaryKey(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    windowAttempts: integer('window_attempts').notNull(),
    consecutiveFailures: integer('consecutive_failures').notNull(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [index('throttle_counters_last_attempt_idx').on(t.lastAttemptAt)],
);

/**
 * A tenant's own version of one of the product's mails (admin → email templates, migration 0053):
 * subject and body in Liquid, and who else gets it. Without a row (or while not active) the
 * built-in template of the catalogue (`emailTemplateCatalogue`) is used.
 */
export const emailTemplates = pgTable(
  'email_templates',
  {
    tenantId: tenantId(),
    key: text('key').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    cc: text('cc'),
    bcc: text('bcc'),
    fromName: text('from_name'),
    fromEmail: text('from_email'),
    active: boolean('active').notNull().default(true),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] })],
);

/** A tenant's own PDF template: a name and the layout options of packages/contracts pdf-templates. */
export const pdfTemplates = pgTable(
  'pdf_templates',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    kind: text('kind', { enum: ['invoice', 'estimate', 'payment'] }).notNull(),
    name: text('name').notNull(),
    layout: jsonb('layout').$type<PdfLayout>().notNull(),
    updatedBy: uuid('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('pdf_templates_name_unique').on(t.tenantId, t.kind, sql`lower(${t.name})`)],
);

/**
 * Each kind's default template of a tenant: a built-in name or one of its templates' ids. No row:
 * the built-in default. A deleted template's row goes with it (the service deletes both).
 */
export const pdfTemplateDefaults = pgTable(
  'pdf_template_defaults',
  {
    tenantId: tenantId(),
    kind: text('kind', { enum: ['invoice', 'estimate', 'payment'] }).notNull(),
    templateId: text('template_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.kind] })],
);
