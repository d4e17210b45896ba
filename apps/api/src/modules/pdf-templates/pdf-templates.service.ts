import type { z } from 'zod';
import {
  type PdfLayout,
  type PdfTemplateKind,
  type PdfTemplateResource,
  builtInDefaultPdfTemplate,
  builtInPdfTemplates,
  findBuiltInPdfTemplate,
  messages,
  pdfTemplateCreateRequestSchema,
  pdfTemplatePreviewRequestSchema,
  pdfTemplateRequestSchema,
} from '@app/contracts';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, recordAudit } from '../../platform/audit';
import { newId } from '../../platform/crypto';
import { AppError, isUniqueViolation } from '../../platform/errors';
import { renderDocumentPdf, sampleDocumentFor } from '../../platform/pdf';
import * as repo from './pdf-templates.repository';

type Defaults = ReadonlyMap<PdfTemplateKind, string>;

/** A kind's default: the tenant's choice while it still names a template of the kind, else the built-in one. */
function defaultIdOf(kind: PdfTemplateKind, chosen: string | null | undefined, exists: (id: string) => boolean): string {
  return chosen && exists(chosen) ? chosen : builtInDefaultPdfTemplate(kind).id;
}

function builtInResource(template: (typeof builtInPdfTemplates)[number], defaultId: string): PdfTemplateResource {
  return { id: template.id, name: template.name, kind: template.kind, is_default: template.id === defaultId, built_in: true, layout: template.layout, updated_at: null };
}

/**
 * A stored template's layout over its kind's built-in one, so a row saved before a layout option
 * existed still has every option (the built-in value).
 */
function storedLayout(row: repo.PdfTemplateRow): PdfLayout {
  return { ...builtInDefaultPdfTemplate(row.kind).layout, ...row.layout };
}

function rowResource(row: repo.PdfTemplateRow, defaultId: string): PdfTemplateResource {
  return { id: row.id, name: row.name, kind: row.kind, is_default: row.id === defaultId, built_in: false, layout: storedLayout(row), updated_at: row.updatedAt.toISOString() };
}

/** Built-ins first, then the tenant's own by name, each kind's default marked. */
function resourcesOf(rows: readonly repo.PdfTemplateRow[], defaults: Defaults): PdfTemplateResource[] {
  const ids = new Set(rows.map((row) => row.id));
  const exists = (id: string) => ids.has(id) || findBuiltInPdfTemplate(id) !== undefined;
  const defaultOf = (kind: PdfTemplateKind) => defaultIdOf(kind, defaults.get(kind), exists);
  return [...builtInPdfTemplates.map((template) => builtInResource(template, defaultOf(template.kind))), ...rows.map((row) => rowResource(row, defaultOf(row.kind)))];
}

async function listIn(tx: Tx, tenantId: string): Promise<PdfTemplateResource[]> {
  return resourcesOf(await repo.listTemplates(tx, tenantId), await repo.listDefaults(tx, tenantId));
}

const auditView = (row: Pick<repo.PdfTemplateRow, 'name' | 'kind' | 'layout'>) => ({ name: row.name, kind: row.kind, layout: row.layout });

function nameTaken(error: unknown): never {
  if (isUniqueViolation(error, repo.NAME_CONSTRAINT)) throw AppError.validation('name', messages.pdfTemplateNameTaken);
  throw error;
}

/** Admin area → PDF templates: the built-in ones, the tenant's copies, and each kind's default. */
export function createPdfTemplateService(app: AppContext) {
  async function getIn(tx: Tx, tenantId: string, id: string): Promise<PdfTemplateResource> {
    const found = (await listIn(tx, tenantId)).find((template) => template.id === id);
    if (!found) throw AppError.notFound();
    return found;
  }

  /** The tenant's own template, for a change; a built-in one is read-only. */
  async function ownIn(tx: Tx, tenantId: string, id: string): Promise<repo.PdfTemplateRow> {
    if (findBuiltInPdfTemplate(id)) throw AppError.conflict(messages.builtInTemplateReadOnly);
    const row = await repo.findTemplate(tx, tenantId, id);
    if (!row) throw AppError.notFound();
    return row;
  }

  return {
    list: (tenantId: string) => inTenant(app.db, tenantId, (tx) => listIn(tx, tenantId)),

    get: (tenantId: string, id: string) => inTenant(app.db, tenantId, (tx) => getIn(tx, tenantId, id)),

    async create(actor: AuditActor, input: z.input<typeof pdfTemplateCreateRequestSchema>): Promise<PdfTemplateResource> {
      const parsed = pdfTemplateCreateRequestSchema.parse(input);
      const tenantId = actor.tenantId;
      return inTenant(app.db, tenantId, async (tx) => {
        const source = (await listIn(tx, tenantId)).find((template) => template.id === parsed.copy_of);
        if (!source) throw AppError.validation('copy_of', messages.invalidTemplate);
        const row = { tenantId, id: newId(), kind: source.kind, name: parsed.name, layout: source.layout, updatedBy: actor.userId };
        await repo.insertTemplate(tx, row).catch(nameTaken);
        await recordAudit(tx, actor, { model: 'pdf_template', modelId: row.id, action: 'created', after: auditView(row) });
        return getIn(tx, tenantId, row.id);
      });
    },

    async update(actor: AuditActor, id: string, input: z.input<typeof pdfTemplateRequestSchema>): Promise<PdfTemplateResource> {
      const parsed = pdfTemplateRequestSchema.parse(input);
      const tenantId = actor.tenantId;
      return inTenant(app.db, tenantId, async (tx) => {
        const before = await ownIn(tx, tenantId, id);
        await repo.updateTemplate(tx, tenantId, id, { name: parsed.name, layout: parsed.layout, updatedBy: actor.userId }).catch(nameTaken);
        await recordAudit(tx, actor, { model: 'pdf_template', modelId: id, action: 'updated', before: auditView(before), after: auditView({ ...before, ...parsed }) });
        return getIn(tx, tenantId, id);
      });
    },

    /** Documents that used it are drawn with their kind's default from then on. */
    async remove(actor: AuditActor, id: string): Promise<void> {
      const tenantId = actor.tenantId;
      await inTenant(app.db, tenantId, async (tx) => {
        const before = await ownIn(tx, tenantId, id);
        await repo.deleteTemplate(tx, tenantId, id);
        await recordAudit(tx, actor, { model: 'pdf_template', modelId: id, action: 'deleted', before: auditView(before) });
      });
    },

    /** The template new documents of its kind get when neither the document nor its author chooses one. */
    async makeDefault(actor: AuditActor, id: string): Promise<PdfTemplateResource> {
      const tenantId = actor.tenantId;
      return inTenant(app.db, tenantId, async (tx) => {
        const template = await getIn(tx, tenantId, id);
        const before = (await repo.listDefaults(tx, tenantId)).get(template.kind) ?? null;
        await repo.setDefault(tx, tenantId, template.kind, id);
        await recordAudit(tx, actor, { model: 'pdf_template_default', modelId: template.kind, action: 'updated', before: { template: before }, after: { template: id } });
        return getIn(tx, tenantId, id);
      });
    },

    /** A sample document of the kind laid out by a draft, before anything is saved. */
    async preview(input: z.input<typeof pdfTemplatePreviewRequestSchema>): Promise<Buffer> {
      const parsed = pdfTemplatePreviewRequestSchema.parse(input);
      return renderDocumentPdf(sampleDocumentFor(parsed.kind, parsed.layout));
    },
  };
}

export type PdfTemplateService = ReturnType<typeof createPdfTemplateService>;

/** What a business's document may name and what it gets when it names nothing. */
export type PdfTemplateChoices = { names: ReadonlySet<string>; defaultName: string };

/** The choices read by `templateChoicesColumn`, with the built-in templates of the kind. */
export function pdfTemplateChoicesOf(kind: PdfTemplateKind, { ids, defaultId }: repo.TemplateChoices): PdfTemplateChoices {
  const names = new Set([...builtInPdfTemplates.filter((template) => template.kind === kind).map((template) => template.id), ...ids]);
  return { names, defaultName: defaultIdOf(kind, defaultId, (id) => names.has(id)) };
}

/** The built-in templates of the kind and the tenant's, with the kind's default (one statement). */
export async function pdfTemplateChoices(tx: Tx, tenantId: string, kind: PdfTemplateKind): Promise<PdfTemplateChoices> {
  return pdfTemplateChoicesOf(kind, await repo.templateChoices(tx, tenantId, kind));
}

/** The templates a document of the kind may choose, for its form. */
export async function pdfTemplateOptions(tx: Tx, tenantId: string, kind: PdfTemplateKind): Promise<{ name: string; label: string; is_default: boolean }[]> {
  return (await listIn(tx, tenantId)).filter((template) => template.kind === kind).map((template) => ({ name: template.id, label: template.name, is_default: template.is_default }));
}

/**
 * The layout a document is drawn with (one statement): the template it stores when that is still
 * one of the kind's, else the kind's default. A built-in name needs no row.
 */
export async function pdfLayoutFor(tx: Tx, tenantId: string, kind: PdfTemplateKind, name: string): Promise<PdfLayout> {
  const builtIn = findBuiltInPdfTemplate(name);
  if (builtIn && builtIn.kind === kind) return builtIn.layout;
  const { named, chosenDefault, defaultId } = await repo.layoutCandidates(tx, tenantId, kind, name);
  if (named) return storedLayout(named);
  if (chosenDefault) return storedLayout(chosenDefault);
  const chosenBuiltIn = defaultId ? findBuiltInPdfTemplate(defaultId) : undefined;
  return chosenBuiltIn?.kind === kind ? chosenBuiltIn.layout : builtInDefaultPdfTemplate(kind).layout;
}
