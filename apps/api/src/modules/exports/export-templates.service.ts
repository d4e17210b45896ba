import { type ExportTemplateRequest, type ExportTemplateResource, type ExportType, builtInExportColumns, exportTemplateRequestSchema, exportTypeSchema, messages } from '@app/contracts';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, recordAudit } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import * as repo from './exports.repository';

function toResource(row: repo.ExportTemplateRow): ExportTemplateResource {
  return {
    id: row.id,
    name: row.name,
    export_type: exportTypeSchema.parse(row.exportType),
    fields: row.fields,
    is_default: row.isDefault,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The columns an export of `exportType` writes: the chosen template's, else the default's, else every field under its label. */
export async function columnsFor(tx: Tx, scope: BusinessScope, exportType: ExportType, templateId: string | null | undefined) {
  if (templateId) {
    const chosen = await repo.findTemplate(tx, scope, templateId);
    if (!chosen || chosen.exportType !== exportType) throw AppError.validation('template_id', messages.invalidExportTemplate);
    return { name: chosen.name, columns: chosen.fields };
  }
  const fallback = await repo.findDefaultTemplate(tx, scope, exportType);
  return fallback ? { name: fallback.name, columns: fallback.fields } : { name: 'Default', columns: builtInExportColumns(exportType) };
}

/** A business's export templates: one default per export type, set by creating, editing or `makeDefault`. */
export function createExportTemplateService(app: AppContext) {
  async function load(tx: Tx, scope: BusinessScope, id: string): Promise<repo.ExportTemplateRow> {
    const row = await repo.findTemplate(tx, scope, id);
    if (!row) throw AppError.notFound();
    return row;
  }

  return {
    async list(scope: BusinessScope, exportType: ExportType | undefined): Promise<ExportTemplateResource[]> {
      return inTenant(app.db, scope.tenantId, async (tx) => (await repo.listTemplates(tx, scope, exportType)).map(toResource));
    },

    async get(scope: BusinessScope, id: string): Promise<ExportTemplateResource> {
      return inTenant(app.db, scope.tenantId, async (tx) => toResource(await load(tx, scope, id)));
    },

    async create(actor: AuditActor, scope: BusinessScope, input: ExportTemplateRequest): Promise<ExportTemplateResource> {
      const parsed = exportTemplateRequestSchema.parse(input);
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const id = newId();
        const now = app.clock.now();
        if (parsed.is_default) await repo.clearDefault(tx, scope, parsed.export_type, id);
        await repo.insertTemplate(tx, { tenantId: scope.tenantId, businessId: scope.businessId, id, name: parsed.name, exportType: parsed.export_type, fields: parsed.fields, isDefault: parsed.is_default, createdAt: now, updatedAt: now });
        await recordAudit(tx, actor, { model: 'export_template', modelId: id, action: 'created', after: { name: parsed.name, export_type: parsed.export_type, fields: parsed.fields, is_default: parsed.is_default } });
        return toResource(await load(tx, scope, id));
      });
    },

    async update(actor: AuditActor, scope: BusinessScope, id: string, input: ExportTemplateRequest): Promise<ExportTemplateResource> {
      const parsed = exportTemplateRequestSchema.parse(input);
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const before = await load(tx, scope, id);
        if (parsed.is_default) await repo.clearDefault(tx, scope, parsed.export_type, id);
        await repo.updateTemplate(tx, scope, id, { name: parsed.name, exportType: parsed.export_type, fields: parsed.fields, isDefault: parsed.is_default, updatedAt: app.clock.now() });
        await recordAudit(tx, actor, {
          model: 'export_template',
          modelId: id,
          action: 'updated',
          before: { name: before.name, export_type: before.exportType, fields: before.fields, is_default: before.isDefault },
          after: { name: parsed.name, export_type: parsed.export_type, fields: parsed.fields, is_default: parsed.is_default },
        });
        return toResource(await load(tx, scope, id));
      });
    },

    /** Makes the template its type's default (the one a run without a template uses). */
    async makeDefault(actor: AuditActor, scope: BusinessScope, id: string): Promise<ExportTemplateResource> {
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const row = await load(tx, scope, id);
        await repo.clearDefault(tx, scope, row.exportType, id);
        await repo.updateTemplate(tx, scope, id, { name: row.name, exportType: row.exportType, fields: row.fields, isDefault: true, updatedAt: app.clock.now() });
        await recordAudit(tx, actor, { model: 'export_template', modelId: id, action: 'updated', before: { is_default: row.isDefault }, after: { is_default: true } });
        return toResource(await load(tx, scope, id));
      });
    },

    async remove(actor: AuditActor, scope: BusinessScope, id: string): Promise<void> {
      await inTenant(app.db, scope.tenantId, async (tx) => {
        const row = await load(tx, scope, id);
        await repo.deleteTemplate(tx, scope, id);
        await recordAudit(tx, actor, { model: 'export_template', modelId: id, action: 'deleted', before: { name: row.name, export_type: row.exportType, fields: row.fields } });
      });
    },
  };
}

export type ExportTemplateService = ReturnType<typeof createExportTemplateService>;
