import { type NoteRequest, type NoteResource, type NoteType, listMeta, noteRequestSchema } from '@app/contracts';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, recordAudit } from '../../platform/audit';
import { type BusinessScope, containsPattern, pageOffset } from '../../platform/business-scope';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import * as repo from './notes.repository';

function toResource(row: repo.NoteRow): NoteResource {
  return { id: row.id, type: row.type, name: row.name, notes: row.notes, created_at: row.createdAt.toISOString() };
}

/** The audit keeps the length of the text, not the text: notes can be 65,000 characters. */
function auditView(row: Pick<repo.NoteRow, 'type' | 'name' | 'notes'>) {
  return { type: row.type, name: row.name, notes_length: row.notes.length };
}

/** Reusable notes of one business (chosen when writing invoices, estimates and payments). */
export function createNoteService(app: AppContext) {
  return {
    async list(scope: BusinessScope, query: { page: number; limit: number; search?: string | undefined; type?: NoteType | undefined }) {
      const filters = { type: query.type, pattern: containsPattern(query.search) };
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const rows = await repo.listNotes(tx, scope, filters, pageOffset(query.page, query.limit), query.limit);
        const total = await repo.countNotes(tx, scope, filters);
        const everyone = await repo.countNotes(tx, scope);
        return { data: rows.map(toResource), meta: { ...listMeta(query.page, query.limit, total), note_total_count: everyone } };
      });
    },

    async get(scope: BusinessScope, id: string): Promise<NoteResource> {
      const row = await inTenant(app.db, scope.tenantId, (tx) => repo.findNote(tx, scope, id));
      if (!row) throw AppError.notFound();
      return toResource(row);
    },

    async create(actor: AuditActor, scope: BusinessScope, input: NoteRequest): Promise<NoteResource> {
      const fields = noteRequestSchema.parse(input);
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const row = await repo.insertNote(tx, { tenantId: scope.tenantId, businessId: scope.businessId, id: newId(), ...fields });
        await recordAudit(tx, actor, { model: 'note', modelId: row.id, action: 'created', after: auditView(row) });
        return toResource(row);
      });
    },

    async update(actor: AuditActor, scope: BusinessScope, id: string, input: NoteRequest): Promise<NoteResource> {
      const fields = noteRequestSchema.parse(input);
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const found = await repo.findNote(tx, scope, id);
        if (!found) throw AppError.notFound();
        await repo.updateNote(tx, scope, id, fields);
        const textChanged = found.notes !== fields.notes;
        await recordAudit(tx, actor, {
          model: 'note',
          modelId: id,
          action: 'updated',
          before: { ...auditView(found), notes_changed: false },
          after: { ...auditView(fields), notes_changed: textChanged },
        });
        return toResource({ ...found, ...fields });
      });
    },

    async remove(actor: AuditActor, scope: BusinessScope, id: string): Promise<void> {
      await inTenant(app.db, scope.tenantId, async (tx) => {
        const found = await repo.findNote(tx, scope, id);
        if (!found) throw AppError.notFound();
        await repo.deleteNote(tx, scope, id);
        await recordAudit(tx, actor, { model: 'note', modelId: id, action: 'deleted', before: auditView(found) });
      });
    },
  };
}

export type NoteService = ReturnType<typeof createNoteService>;
