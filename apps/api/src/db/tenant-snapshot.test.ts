import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, createHarness } from '../../test/harness';
import { newId } from '../platform/crypto';
import { createBusinessInTx } from '../modules/businesses/businesses.service';
import { items } from './schema';
import { inTenant, inTenantSnapshot, outsideSnapshot } from './tenant-tx';

/**
 * One read-only snapshot for a reader that goes through services (an export paging a list): every
 * `inTenant` of its tenant inside reads the moment it began; writes inside fail; writes made
 * through `outsideSnapshot`, or by anyone else, commit and stay out of what it reads.
 */
let h: Harness;
let businessId: string;
beforeAll(async () => {
  h = await createHarness();
  businessId = (await inTenant(h.app.db, h.landlordId, (tx) => createBusinessInTx(tx, h.landlordId, null, { name: 'Snapshot Business', currency_id: 1 }))).id;
});
afterAll(() => h.close());

const addItem = (name: string) => inTenant(h.app.db, h.landlordId, (tx) => tx.insert(items).values({ tenantId: h.landlordId, businessId, id: newId(), name, price: 100 }));
const itemNames = () =>
  inTenant(h.app.db, h.landlordId, async (tx) =>
    (await tx.select({ name: items.name }).from(items).where(and(eq(items.tenantId, h.landlordId), eq(items.businessId, businessId), like(items.name, 'snap-%')))).map((row) => row.name).sort(),
  );

describe('inTenantSnapshot', () => {
  // PGlite is one connection: the write beside the snapshot would wait for it (exports take no snapshot there).
  it.runIf(process.env.TEST_DATABASE_URL)('reads one moment across every inTenant inside it, while others commit beside it', async () => {
    await addItem('snap-1');
    const seen = await inTenantSnapshot(h.app.db, h.landlordId, async () => {
      const first = await itemNames();
      // Committed by another transaction while the reader is half way (another connection on PostgreSQL).
      await outsideSnapshot(() => addItem('snap-2'));
      const second = await itemNames();
      return { first, second };
    });
    expect(seen).toEqual({ first: ['snap-1'], second: ['snap-1'] });
    expect(await itemNames()).toEqual(['snap-1', 'snap-2']);
  });

  it('refuses a write inside it', async () => {
    await expect(inTenantSnapshot(h.app.db, h.landlordId, () => addItem('snap-refused'))).rejects.toThrow();
    expect(await itemNames()).not.toContain('snap-refused');
  });

  // PGlite is one connection: a second transaction inside the snapshot's would wait for it.
  it.runIf(process.env.TEST_DATABASE_URL)("leaves another tenant's transactions their own", async () => {
    const tenantSeen = await inTenantSnapshot(h.app.db, h.landlordId, () => inTenant(h.app.db, h.otherTenantId, async (tx) => JSON.stringify(await tx.execute(sql`select current_setting('app.tenant_id') as tenant`))));
    expect(tenantSeen).toContain(h.otherTenantId);
  });
});
