import { type EmailTemplateDefinition, type EmailTemplateKey, EMAIL_TEMPLATE_SUBJECT_MAX, emailTemplateCatalogue } from '@app/contracts';
import type { Tx } from '../../db/client';
import { textMailHtml } from '../../platform/mail';
import type { MailDraft } from '../../platform/outbox';
import { TemplateError, renderLiquid } from './liquid';
import * as repo from './email-templates.repository';

export type RenderedMail = { subject: string; text: string; html: string };

/** A subject is one line: whatever the template made of it, collapsed and cut to what the outbox keeps. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim().slice(0, EMAIL_TEMPLATE_SUBJECT_MAX);

/**
 * Subject and body rendered with `variables`; the HTML part is the product's layout around the
 * body's paragraphs, with the template's button where the body gives its link.
 */
export async function renderTemplate(definition: EmailTemplateDefinition, source: { subject: string; body: string }, variables: Readonly<Record<string, unknown>>): Promise<RenderedMail> {
  const subject = oneLine(await renderLiquid(source.subject, variables));
  const text = (await renderLiquid(source.body, variables)).replace(/\n{3,}/g, '\n\n').trim();
  if (subject === '') throw new TemplateError('the subject is empty');
  const url = definition.action ? variables[definition.action.urlVariable] : undefined;
  const action = definition.action && typeof url === 'string' ? { label: definition.action.label, url } : undefined;
  return { subject, text, html: textMailHtml(subject, text, action) };
}

export type TemplatedMail = {
  to: string;
  /** The variables the catalogue names for the template, but `app_name` (the tenant's name, added here). */
  variables: Readonly<Record<string, unknown>>;
  secrets: readonly string[];
  /** Where replies go when the writer knows (a business answering its customers): before the template's from email. */
  replyTo?: string | null;
};

/**
 * One of the product's mails, from the tenant's version of its template while that is active,
 * else from the built-in one, in the caller's transaction. A tenant's template that fails at send
 * (it rendered with the sample data when saved) gives way to the built-in one: the mail still goes.
 */
export async function templatedMail(tx: Tx, tenantId: string, key: EmailTemplateKey, mail: TemplatedMail): Promise<MailDraft> {
  const definition = emailTemplateCatalogue[key];
  const found = await repo.templateForMail(tx, tenantId, key);
  const variables = { app_name: found?.tenantName ?? '', ...mail.variables };
  const own = found?.template?.active ? found.template : null;
  let rendered: RenderedMail;
  try {
    rendered = await renderTemplate(definition, own ?? definition, variables);
  } catch (error) {
    if (!own || !(error instanceof TemplateError)) throw error;
    rendered = await renderTemplate(definition, definition, variables);
  }
  return {
    to: mail.to,
    ...rendered,
    cc: own?.cc ?? null,
    bcc: own?.bcc ?? null,
    fromName: own?.fromName ?? null,
    replyTo: mail.replyTo ?? own?.fromEmail ?? null,
    secrets: mail.secrets,
  };
}
