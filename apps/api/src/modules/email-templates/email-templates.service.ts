import type { z } from 'zod';
import {
  type EmailTemplateKey,
  type EmailTemplatePreview,
  type EmailTemplateResource,
  emailTemplateCatalogue,
  emailTemplateKeys,
  emailTemplatePreviewRequestSchema,
  emailTemplateRequestSchema,
  formatMessage,
  messages,
} from '@app/contracts';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, recordAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { TemplateError } from './liquid';
import { type RenderedMail, renderTemplate, templatedMail } from './templated-mail';
import * as repo from './email-templates.repository';

function toResource(key: EmailTemplateKey, row: repo.EmailTemplateRow | undefined): EmailTemplateResource {
  const definition = emailTemplateCatalogue[key];
  return {
    id: key,
    name: definition.name,
    category: definition.category,
    description: definition.description,
    variables: definition.variables.map((variable) => ({ ...variable })),
    subject: row?.subject ?? definition.subject,
    body: row?.body ?? definition.body,
    cc: row?.cc ?? null,
    bcc: row?.bcc ?? null,
    from_name: row?.fromName ?? null,
    from_email: row?.fromEmail ?? null,
    active: row?.active ?? false,
    customized: row !== undefined,
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

const auditView = (row: Pick<repo.EmailTemplateRow, 'subject' | 'body' | 'cc' | 'bcc' | 'fromName' | 'fromEmail' | 'active'> | undefined) =>
  row ? { subject: row.subject, body: row.body, cc: row.cc, bcc: row.bcc, from_name: row.fromName, from_email: row.fromEmail, active: row.active } : null;

/** Admin area → email templates: the catalogue's mails, each with the tenant's version if it made one. */
export function createEmailTemplateService(app: AppContext) {
  /** The catalogue's sample values, the tenant's own name as `app_name`. */
  async function samplesOf(tx: Tx, tenantId: string, key: EmailTemplateKey): Promise<Record<string, unknown>> {
    const found = await repo.templateForMail(tx, tenantId, key);
    return { ...Object.fromEntries(emailTemplateCatalogue[key].variables.map((variable) => [variable.name, variable.sample])), app_name: found?.tenantName ?? '' };
  }

  /** Renders with the sample data; a template that cannot is refused on the field that failed. */
  async function rendered(tx: Tx, tenantId: string, key: EmailTemplateKey, source: { subject: string; body: string }): Promise<RenderedMail> {
    const samples = await samplesOf(tx, tenantId, key);
    const definition = emailTemplateCatalogue[key];
    for (const field of ['subject', 'body'] as const) {
      try {
        await renderTemplate(definition, { ...definition, [field]: source[field] }, samples);
      } catch (error) {
        if (error instanceof TemplateError) throw AppError.validation(field, formatMessage(messages.templateInvalid, { reason: error.message }));
        throw error;
      }
    }
    return renderTemplate(definition, source, samples);
  }

  return {
    async list(tenantId: string): Promise<EmailTemplateResource[]> {
      return inTenant(app.db, tenantId, async (tx) => {
        const rows = new Map((await repo.listTemplates(tx, tenantId)).map((row) => [row.key, row]));
        return emailTemplateKeys.map((key) => toResource(key, rows.get(key)));
      });
    },

    async get(tenantId: string, key: EmailTemplateKey): Promise<EmailTemplateResource> {
      return inTenant(app.db, tenantId, async (tx) => toResource(key, await repo.findTemplate(tx, tenantId, key)));
    },

    async update(actor: AuditActor, key: EmailTemplateKey, input: z.input<typeof emailTemplateRequestSchema>): Promise<EmailTemplateResource> {
      const parsed = emailTemplateRequestSchema.parse(input);
      const tenantId = actor.tenantId;
      return inTenant(app.db, tenantId, async (tx) => {
        await rendered(tx, tenantId, key, parsed);
        const before = await repo.findTemplate(tx, tenantId, key);
        const row = { tenantId, key, subject: parsed.subject, body: parsed.body, cc: parsed.cc ?? null, bcc: parsed.bcc ?? null, fromName: parsed.from_name ?? null, fromEmail: parsed.from_email ?? null, active: parsed.active, updatedBy: actor.userId, updatedAt: app.clock.now() };
        await repo.upsertTemplate(tx, row);
        await recordAudit(tx, actor, { model: 'email_template', modelId: key, action: 'updated', before: auditView(before), after: auditView(row) });
        return toResource(key, await repo.findTemplate(tx, tenantId, key));
      });
    },

    /** Back to the built-in template. */
    async reset(actor: AuditActor, key: EmailTemplateKey): Promise<EmailTemplateResource> {
      const tenantId = actor.tenantId;
      return inTenant(app.db, tenantId, async (tx) => {
        const before = await repo.findTemplate(tx, tenantId, key);
        if (before) {
          await repo.deleteTemplate(tx, tenantId, key);
          await recordAudit(tx, actor, { model: 'email_template', modelId: key, action: 'deleted', before: auditView(before) });
        }
        return toResource(key, undefined);
      });
    },

    /** A draft rendered with the sample data, as the editor shows it beside the form. */
    async preview(tenantId: string, key: EmailTemplateKey, input: z.input<typeof emailTemplatePreviewRequestSchema>): Promise<EmailTemplatePreview> {
      const parsed = emailTemplatePreviewRequestSchema.parse(input);
      return inTenant(app.db, tenantId, (tx) => rendered(tx, tenantId, key, parsed));
    },

    /** The mail as the product would send it (the saved template while active, else the built-in one) with the sample data, to the admin through the outbox. */
    async sendTest(actor: AuditActor, key: EmailTemplateKey, to: string): Promise<{ message: string }> {
      const tenantId = actor.tenantId;
      return inTenant(app.db, tenantId, async (tx) => {
        const mail = await templatedMail(tx, tenantId, key, { to, variables: await samplesOf(tx, tenantId, key), secrets: [] });
        await app.outbox.write(tx, tenantId, { ...mail, subject: `[Test] ${mail.subject}`.slice(0, 255) });
        return { message: formatMessage(messages.testMailSent, { email: to }) };
      });
    },
  };
}

export type EmailTemplateService = ReturnType<typeof createEmailTemplateService>;
