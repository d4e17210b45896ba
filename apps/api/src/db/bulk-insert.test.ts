import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, createHarness } from '../../test/harness';
import { newId } from '../platform/crypto';
import { createBusinessInTx } from '../modules/businesses/businesses.service';
import { insertRows } from './bulk-insert';
import { auditLogs, roles } from './schema';
import { inTenant } from './tenant-tx';

/**
 * The bulk insert behind imports and audits, on either database: what is read back is what was
 * given (arrays with separators and quotes, JSON, dates, nulls), past one statement's 1,000 rows,
 * under the tenant's row-level security, and a row set that does not fit is refused loudly.
 */
let h: Harness;
let businessId: string;
beforeAll(async () => {
  h = await createHarness();
  businessId = (await inTenant(h.app.db, h.landlordId, (tx) => createBusinessInTx(tx, h.landlordId, null, { name: 'Bulk Insert Business', currency_id: 1 }))).id;
});
afterAll(() => h.close());

const awkward = ['view-invoice', 'a,b', 'say "hi"', 'back\\slash', '{braces}', 'NULL', 'Zürich ✓', ''];

describe('insertRows', () => {
  it('stores 2,500 rows as given: text arrays, booleans and text with separators, quotes and new lines', async () => {
    const rows = Array.from({ length: 2500 }, (_, index) => ({
      tenantId: h.landlordId,
      id: newId(),
      businessId,
      scope: 'business' as const,
      name: `bulk-role-${index}`,
      description: index % 2 === 0 ? `Line one\nline "two", ${index}` : null,
      abilities: awkward.slice(0, (index % awkward.length) + 1),
      isSystem: index % 3 === 0,
    }));
    await inTenant(h.app.db, h.landlordId, (tx) => insertRows(tx, roles, rows));
    const stored = await inTenant(h.app.db, h.landlordId, (tx) =>
      tx
        .select({ id: roles.id, name: roles.name, description: roles.description, abilities: roles.abilities, isSystem: roles.isSystem, scope: roles.scope })
        .from(roles)
        .where(and(eq(roles.tenantId, h.landlordId), eq(roles.businessId, businessId)))
        .orderBy(asc(roles.id)),
    );
    const wanted = rows.map(({ id, name, description, abilities, isSystem, scope }) => ({ id, name, description, abilities, isSystem, scope }));
    const bulk = stored.filter((row) => row.name.startsWith('bulk-role-'));
    expect(bulk).toEqual([...wanted].sort((a, b) => (a.id < b.id ? -1 : 1)));
  });

  it('stores JSON as JSON and a Date as its instant; columns left out take their defaults', async () => {
    const at = new Date('2026-03-29T01:30:00.123Z');
    const changes = { name: { before: null, after: 'Ünïcode \u2028 "quoted"' }, lines: { before: [1, 2], after: { nested: [true, null] } } };
    const withDate = { tenantId: h.landlordId, id: newId(), businessId: null, userId: null, model: 'bulk', modelId: 'one', subjectLabel: null, action: 'created' as const, changes, ip: null, createdAt: at };
    const withoutDate = { tenantId: h.landlordId, id: newId(), businessId, userId: null, model: 'bulk', modelId: 'two', subjectLabel: 'Two', action: 'updated' as const, changes: {}, ip: '203.0.113.9' };
    await inTenant(h.app.db, h.landlordId, async (tx) => {
      await insertRows(tx, auditLogs, [withDate]);
      await insertRows(tx, auditLogs, [withoutDate]);
    });
    const stored = await inTenant(h.app.db, h.landlordId, (tx) => tx.select().from(auditLogs).where(and(eq(auditLogs.tenantId, h.landlordId), eq(auditLogs.model, 'bulk'))).orderBy(asc(auditLogs.modelId)));
    expect(stored[0]).toEqual(withDate);
    expect(stored[1]).toMatchObject({ ...withoutDate, createdAt: expect.any(Date) });
  });

  it("refuses rows of another tenant (row-level security), rows that set different columns, and a field that is no column", async () => {
    const row = (tenantId: string) => ({ tenantId, id: newId(), businessId: null, userId: null, model: 'bulk-refused', modelId: 'x', subjectLabel: null, action: 'created' as const, changes: {}, ip: null });
    await expect(inTenant(h.app.db, h.landlordId, (tx) => insertRows(tx, auditLogs, [row(h.otherTenantId)]))).rejects.toThrow();
    await expect(inTenant(h.app.db, h.landlordId, (tx) => insertRows(tx, auditLogs, [row(h.landlordId), { ...row(h.landlordId), createdAt: new Date() }]))).rejects.toThrow(/sets the same columns/);
    await expect(inTenant(h.app.db, h.landlordId, (tx) => insertRows(tx, auditLogs, [{ ...row(h.landlordId), createdAt: new Date() }, row(h.landlordId)]))).rejects.toThrow(/sets createdAt/);
    await expect(inTenant(h.app.db, h.landlordId, (tx) => insertRows(tx, auditLogs, [{ ...row(h.landlordId), notAColumn: 1 } as typeof auditLogs.$inferInsert]))).rejects.toThrow(/no column notAColumn/);
    const stored = await inTenant(h.app.db, h.landlordId, (tx) => tx.select().from(auditLogs).where(and(eq(auditLogs.tenantId, h.landlordId), eq(auditLogs.model, 'bulk-refused'))));
    expect(stored).toEqual([]);
  });
});
