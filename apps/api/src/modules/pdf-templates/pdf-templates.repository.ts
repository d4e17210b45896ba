import { type SQL, and, asc, eq, sql } from 'drizzle-orm';
import type { PdfTemplateKind } from '@app/contracts';
import type { Tx } from '../../db/client';
import { pdfTemplateDefaults, pdfTemplates, tenants } from '../../db/schema';

export type PdfTemplateRow = typeof pdfTemplates.$inferSelect;

/** The unique index on a tenant's template names of one kind (case-insensitive). */
export const NAME_CONSTRAINT = 'pdf_templates_name_unique';

/** A stored name that is not a UUID is a built-in's: compared as text, it matches no row and breaks no cast. */
const idMatches = (name: string) => sql`${pdfTemplates.id}::text = ${name}`;

export async function listTemplates(tx: Tx, tenantId: string): Promise<PdfTemplateRow[]> {
  return tx.select().from(pdfTemplates).where(eq(pdfTemplates.tenantId, tenantId)).orderBy(asc(pdfTemplates.kind), asc(sql`lower(${pdfTemplates.name})`));
}

export async function findTemplate(tx: Tx, tenantId: string, id: string): Promise<PdfTemplateRow | undefined> {
  const rows = await tx.select().from(pdfTemplates).where(and(eq(pdfTemplates.tenantId, tenantId), idMatches(id))).limit(1);
  return rows[0];
}

export async function insertTemplate(tx: Tx, row: typeof pdfTemplates.$inferInsert): Promise<void> {
  await tx.insert(pdfTemplates).values(row);
}

export async function updateTemplate(tx: Tx, tenantId: string, id: string, patch: Pick<PdfTemplateRow, 'name' | 'layout' | 'updatedBy'>): Promise<void> {
  await tx
    .update(pdfTemplates)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(pdfTemplates.tenantId, tenantId), eq(pdfTemplates.id, id)));
}

/** The template and, when it was its kind's default, that choice (the built-in default takes over). */
export async function deleteTemplate(tx: Tx, tenantId: string, id: string): Promise<void> {
  await tx.delete(pdfTemplateDefaults).where(and(eq(pdfTemplateDefaults.tenantId, tenantId), eq(pdfTemplateDefaults.templateId, id)));
  await tx.delete(pdfTemplates).where(and(eq(pdfTemplates.tenantId, tenantId), eq(pdfTemplates.id, id)));
}

/** Each kind's chosen default (kinds without a choice are absent). */
export async function listDefaults(tx: Tx, tenantId: string): Promise<Map<PdfTemplateKind, string>> {
  const rows = await tx.select().from(pdfTemplateDefaults).where(eq(pdfTemplateDefaults.tenantId, tenantId));
  return new Map(rows.map((row) => [row.kind, row.templateId]));
}

export async function setDefault(tx: Tx, tenantId: string, kind: PdfTemplateKind, templateId: string): Promise<void> {
  await tx
    .insert(pdfTemplateDefaults)
    .values({ tenantId, kind, templateId })
    .onConflictDoUpdate({ target: [pdfTemplateDefaults.tenantId, pdfTemplateDefaults.kind], set: { templateId } });
}

export type TemplateChoices = { ids: string[]; defaultId: string | null };

/**
 * The ids of the tenant's templates of a kind and the kind's chosen default, as one JSON column,
 * so that a statement that reads other things for a new document reads these too.
 */
export function templateChoicesColumn(tenantId: string, kind: PdfTemplateKind): SQL<TemplateChoices> {
  return sql<TemplateChoices>`json_build_object(
    'ids', coalesce((select json_agg(${pdfTemplates.id}::text) from ${pdfTemplates} where ${pdfTemplates.tenantId} = ${tenantId} and ${pdfTemplates.kind} = ${kind}), '[]'::json),
    'defaultId', ${chosenDefault(tenantId, kind)}
  )`;
}

/** The kind's chosen default (null without a choice), as a scalar subquery. */
function chosenDefault(tenantId: string, kind: PdfTemplateKind): SQL<string | null> {
  return sql<string | null>`(select ${pdfTemplateDefaults.templateId} from ${pdfTemplateDefaults} where ${pdfTemplateDefaults.tenantId} = ${tenantId} and ${pdfTemplateDefaults.kind} = ${kind})`;
}

export async function templateChoices(tx: Tx, tenantId: string, kind: PdfTemplateKind): Promise<TemplateChoices> {
  const rows = await tx.select({ choices: templateChoicesColumn(tenantId, kind) }).from(tenants).where(eq(tenants.id, tenantId));
  return rows[0]?.choices ?? { ids: [], defaultId: null };
}

export type LayoutCandidates = { defaultId: string | null; named: PdfTemplateRow | null; chosenDefault: PdfTemplateRow | null };

/**
 * One statement for a render: the tenant's template stored on the document, the kind's chosen
 * default, and that default's row when it is one of the tenant's.
 */
export async function layoutCandidates(tx: Tx, tenantId: string, kind: PdfTemplateKind, name: string): Promise<LayoutCandidates> {
  const chosen = chosenDefault(tenantId, kind);
  const rows = await tx
    .select({ row: pdfTemplates, defaultId: chosen })
    .from(tenants)
    .leftJoin(pdfTemplates, and(eq(pdfTemplates.tenantId, tenants.id), eq(pdfTemplates.kind, kind), sql`${pdfTemplates.id}::text in (${name}, ${chosen})`))
    .where(eq(tenants.id, tenantId));
  const defaultId = rows[0]?.defaultId ?? null;
  const found = rows.flatMap((entry) => (entry.row ? [entry.row] : []));
  return { defaultId, named: found.find((row) => row.id === name) ?? null, chosenDefault: found.find((row) => row.id === defaultId) ?? null };
}
