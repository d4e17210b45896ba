import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { businesses, publicLinks } from '../../db/schema';

export type PublicLinkRow = typeof publicLinks.$inferSelect;
export type LinkedModel = PublicLinkRow['model'];

export async function insertPublicLink(tx: Tx, row: typeof publicLinks.$inferInsert): Promise<PublicLinkRow> {
  const [inserted] = await tx.insert(publicLinks).values(row).returning();
  if (!inserted) throw new Error('Public link insert returned no row');
  return inserted;
}

/** The link of one kind of document whose token hashes to `tokenHash`, in the request's tenant. */
export async function findPublicLink(tx: Tx, tenantId: string, model: LinkedModel, tokenHash: string): Promise<PublicLinkRow | undefined> {
  const rows = await tx
    .select()
    .from(publicLinks)
    .where(and(eq(publicLinks.tenantId, tenantId), eq(publicLinks.model, model), eq(publicLinks.tokenHash, tokenHash)))
    .limit(1);
  return rows[0];
}

/** What a document's PDF and mail show of the business that issued it. */
export type IssuingBusiness = Pick<typeof businesses.$inferSelect, 'id' | 'name' | 'email' | 'phone' | 'logo' | 'billingAddress' | 'settings'>;

export async function findIssuingBusiness(tx: Tx, tenantId: string, businessId: string): Promise<IssuingBusiness | undefined> {
  const rows = await tx
    .select({
      id: businesses.id,
      name: businesses.name,
      email: businesses.email,
      phone: businesses.phone,
      logo: businesses.logo,
      billingAddress: businesses.billingAddress,
      settings: businesses.settings,
    })
    .from(businesses)
    .where(and(eq(businesses.tenantId, tenantId), eq(businesses.id, businessId)))
    .limit(1);
  return rows[0];
}
