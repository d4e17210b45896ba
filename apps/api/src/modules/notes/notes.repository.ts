import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { NoteType } from '@app/contracts';
import type { Tx } from '../../db/client';
import { notes } from '../../db/schema';
import type { BusinessScope } from '../../platform/business-scope';

export type NoteRow = typeof notes.$inferSelect;
export type NoteFilters = { type?: NoteType | undefined; pattern?: string | undefined };

const inScope = (scope: BusinessScope) => and(eq(notes.tenantId, scope.tenantId), eq(notes.businessId, scope.businessId));
const filtered = (filters: NoteFilters) =>
  and(filters.type ? eq(notes.type, filters.type) : undefined, filters.pattern ? or(ilike(notes.name, filters.pattern), ilike(notes.notes, filters.pattern)) : undefined);

export async function listNotes(tx: Tx, scope: BusinessScope, filters: NoteFilters, offset: number, limit: number): Promise<NoteRow[]> {
  return tx
    .select()
    .from(notes)
    .where(and(inScope(scope), filtered(filters)))
    .orderBy(asc(notes.type), asc(sql`lower(${notes.name})`), asc(notes.id))
    .offset(offset)
    .limit(limit);
}

export async function countNotes(tx: Tx, scope: BusinessScope, filters: NoteFilters = {}): Promise<number> {
  const rows = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(notes)
    .where(and(inScope(scope), filtered(filters)));
  return rows[0]?.count ?? 0;
}

export async function findNote(tx: Tx, scope: BusinessScope, id: string): Promise<NoteRow | undefined> {
  const rows = await tx
    .select()
    .from(notes)
    .where(and(inScope(scope), eq(notes.id, id)))
    .limit(1);
  return rows[0];
}

export async function insertNote(tx: Tx, row: typeof notes.$inferInsert): Promise<NoteRow> {
  const [inserted] = await tx.insert(notes).values(row).returning();
  if (!inserted) throw new Error('Note insert returned no row');
  return inserted;
}

export async function updateNote(tx: Tx, scope: BusinessScope, id: string, fields: Pick<NoteRow, 'type' | 'name' | 'notes'>): Promise<void> {
  await tx
    .update(notes)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(inScope(scope), eq(notes.id, id)));
}

export async function deleteNote(tx: Tx, scope: BusinessScope, id: string): Promise<void> {
  await tx.delete(notes).where(and(inScope(scope), eq(notes.id, id)));
}
