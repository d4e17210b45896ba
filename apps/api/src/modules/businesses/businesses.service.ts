import {
  type BusinessResource,
  type CompanySummary,
  type CreateBusinessRequest,
  type UpdateBusinessFields,
  currencyById,
  messages,
  seededBusinessRoles,
  createBusinessRequestSchema,
  type BusinessSettings,
  type ResolvedBusinessSettings,
} from '@app/contracts';
import { businessSettingsProblems, readStoredBusinessSettings } from '@app/domain';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, recordAudit, recordAudits } from '../../platform/audit';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { warnOnce } from '../../platform/warnings';
import * as authPort from '../auth/auth.port';
import { addressPatch, postalAddressOf } from './business-addresses';
import * as repo from './businesses.repository';

export function toBusinessResource(row: repo.BusinessRow): BusinessResource {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    email: row.email,
    phone: row.phone,
    logo: row.logo,
    business_type: row.businessType as BusinessResource['business_type'],
    business_structure: row.businessStructure as BusinessResource['business_structure'],
    is_customer: row.isCustomer,
    is_vendor: row.isVendor,
    currency_id: row.currencyId,
    contact_first_name: row.contactFirstName,
    contact_last_name: row.contactLastName,
    website: row.website,
    billing_address: postalAddressOf(row.billingAddress),
    shipping_address: postalAddressOf(row.shippingAddress),
    disabled: row.disabledAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The one reader of stored business settings (every module reads them through here): each value
 * is checked as it would be on a save, and one that no longer passes (written by an older
 * version, or by hand) takes its default and is logged once, instead of failing every list,
 * number and job of the business.
 */
function readSettings(businessId: string, stored: unknown) {
  return readStoredBusinessSettings(stored, ({ key, problem }) =>
    warnOnce(`business-setting:${businessId}:${key}`, `Business ${businessId}: the stored setting ${key} is invalid (${problem}); its default is used until it is saved again.`),
  );
}

/** Every setting in effect for the business, defaults included. */
export function businessSettingsOf(businessId: string, stored: unknown): ResolvedBusinessSettings {
  return readSettings(businessId, stored).resolved;
}

function slugify(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
    .replace(/-+/g, '-')
    .slice(0, 60);
  return base || 'business';
}

async function uniqueSlug(tx: Tx, tenantId: string, wanted: string): Promise<string> {
  let candidate = wanted;
  for (let n = 2; await repo.slugTaken(tx, tenantId, candidate); n += 1) candidate = `${wanted}-${n}`;
  return candidate;
}

/** Suffixes probed per round for the wanted slugs already taken. */
const SLUG_PROBES = 8;

/**
 * `uniqueSlug` for many at once, as many would get it one after another (the first free of `x`,
 * `x-2`, `x-3`…, in the order asked): one indexed read for the wanted slugs, then one per round of
 * suffixes for those taken.
 */
async function uniqueSlugs(tx: Tx, tenantId: string, wanted: readonly string[]): Promise<string[]> {
  const taken = await repo.existingSlugs(tx, tenantId, [...new Set(wanted)]);
  const slugs: string[] = [];
  let waiting: { index: number; base: string }[] = [];
  wanted.forEach((base, index) => {
    if (taken.has(base)) waiting.push({ index, base });
    else {
      taken.add(base);
      slugs[index] = base;
    }
  });
  for (let from = 2; waiting.length > 0; from += SLUG_PROBES) {
    const suffixes = Array.from({ length: SLUG_PROBES }, (_, offset) => from + offset);
    for (const slug of await repo.existingSlugs(tx, tenantId, [...new Set(waiting.flatMap(({ base }) => suffixes.map((n) => `${base}-${n}`)))])) taken.add(slug);
    waiting = waiting.filter(({ index, base }) => {
      const free = suffixes.map((n) => `${base}-${n}`).find((slug) => !taken.has(slug));
      if (!free) return true;
      taken.add(free);
      slugs[index] = free;
      return false;
    });
  }
  return slugs;
}

const DEFAULT_SETTINGS: BusinessSettings = {
  time_zone: 'UTC',
  language: 'en',
  date_format: 'd M Y',
  fiscal_year: '1-12',
  tax_per_item_enabled: false,
  discount_per_item_enabled: false,
  invoice_set_due_date_automatically: true,
  invoice_due_date_days: 30,
  estimate_set_expiry_date_automatically: true,
  estimate_expiry_date_days: 30,
};

/** What the audit log keeps of a business: its resource, as the API shows it. */
function auditView(row: repo.BusinessRow) {
  return toBusinessResource(row);
}

type CreateBusinessFields = ReturnType<typeof createBusinessRequestSchema.parse>;

function businessColumns(tenantId: string, id: string, fields: CreateBusinessFields, slug: string): repo.BusinessInsert & { id: string } {
  return {
    tenantId,
    id,
    name: fields.name,
    slug,
    email: fields.email || null,
    phone: fields.phone || null,
    businessType: fields.business_type,
    businessStructure: fields.business_structure,
    isCustomer: fields.is_customer,
    isVendor: fields.is_vendor,
    currencyId: fields.currency_id,
    contactFirstName: fields.contact_first_name ?? null,
    contactLastName: fields.contact_last_name ?? null,
    website: fields.website ?? null,
    settings: DEFAULT_SETTINGS,
  };
}

/** The roles every new business starts with; the owner's is the system role. */
function seededRoleRows(tenantId: string, businessId: string) {
  return Object.entries(seededBusinessRoles).map(([name, role]) => ({
    tenantId,
    id: newId(),
    businessId,
    scope: 'business' as const,
    name,
    description: role.description,
    abilities: [...role.abilities],
    isSystem: name === 'owner',
  }));
}

function parsedBusinessRequest(input: CreateBusinessRequest): CreateBusinessFields {
  const fields = createBusinessRequestSchema.parse(input);
  if (!currencyById(fields.currency_id)) throw AppError.validation('currency_id', messages.invalidCurrency);
  return fields;
}

/**
 * A new business with its seeded roles, owned by `ownerUserId`. Runs in the caller's transaction.
 * An owner invited by a platform admin holds an 'invited' membership until they accept. A null
 * owner is a counterparty business recorded without an email: it gets its owner when invited.
 */
export async function createBusinessInTx(
  tx: Tx,
  tenantId: string,
  ownerUserId: string | null,
  input: CreateBusinessRequest,
  options: { ownerStatus?: 'active' | 'invited'; ip?: string | null; callerAudits?: boolean } = {},
): Promise<repo.BusinessRow> {
  const fields = parsedBusinessRequest(input);
  if (fields.slug && (await repo.slugTaken(tx, tenantId, fields.slug))) throw AppError.validation('slug', 'The slug has already been taken.');
  const slug = fields.slug ?? (await uniqueSlug(tx, tenantId, slugify(fields.name)));
  const business = await repo.insertBusiness(tx, businessColumns(tenantId, newId(), fields, slug));
  const seeded = await repo.insertRoles(tx, seededRoleRows(tenantId, business.id));
  const ownerRole = seeded.find((r) => r.name === 'owner');
  if (!ownerRole) throw new Error('Owner role was not seeded');
  if (ownerUserId) await repo.insertMembership(tx, { tenantId, businessId: business.id, userId: ownerUserId, roleId: ownerRole.id, isOwner: true, status: options.ownerStatus ?? 'active' });
  // Audited as the owner's act unless the caller records its own entry (e.g. an admin creating it).
  if (!options.callerAudits) {
    await recordAudit(tx, { tenantId, userId: ownerUserId, businessId: business.id, ip: options.ip ?? null }, { model: 'business', modelId: business.id, action: 'created', after: auditView(business) });
  }
  return business;
}

/**
 * Many businesses of the network at once (an import's new customers and vendors): what
 * `createBusinessInTx` makes, in multi-row statements, each owned by its invited user when it has
 * one. Answered in the order asked; the caller records the audit entries.
 */
export async function createNetworkBusinessesInTx(tx: Tx, tenantId: string, entries: readonly { ownerUserId: string | null; input: CreateBusinessRequest }[]): Promise<repo.BusinessRow[]> {
  if (entries.length === 0) return [];
  const wanted = entries.map((entry) => ({ ...entry, id: newId(), fields: parsedBusinessRequest(entry.input) }));
  const slugs = await uniqueSlugs(tx, tenantId, wanted.map((entry) => entry.fields.slug ?? slugify(entry.fields.name)));
  const rows = wanted.map((entry, index) => {
    const slug = slugs[index];
    if (!slug) throw new Error('No slug was chosen for a new business');
    return businessColumns(tenantId, entry.id, entry.fields, slug);
  });
  const inserted = new Map((await repo.insertBusinesses(tx, tenantId, rows)).map((row) => [row.id, row]));
  const seeded = wanted.flatMap((entry) => seededRoleRows(tenantId, entry.id));
  await repo.insertManyRoles(tx, seeded);
  const ownerRoles = new Map(seeded.filter((role) => role.name === 'owner').map((role) => [role.businessId, role.id]));
  await repo.insertMemberships(
    tx,
    wanted.flatMap((entry) => {
      const roleId = ownerRoles.get(entry.id);
      if (!roleId) throw new Error('Owner role was not seeded');
      return entry.ownerUserId ? [{ tenantId, businessId: entry.id, userId: entry.ownerUserId, roleId, isOwner: true, status: 'invited' as const }] : [];
    }),
  );
  return wanted.map((entry) => {
    const row = inserted.get(entry.id);
    if (!row) throw new Error('A business insert returned no row');
    return row;
  });
}

/**
 * Removes the network businesses of `ids` that nobody took up and nothing refers to any more (the
 * last customer or vendor record pointing at one was just deleted, or an import that made it was
 * undone): with their roles, memberships and invitations, and their invited owners who never
 * signed up and own nothing else. A business someone joined, or that any record or document
 * names, stays. Audited as `actor`'s deletion. Returns the ids removed.
 */
export async function removeUnclaimedNetworkBusinessesInTx(tx: Tx, actor: AuditActor, ids: readonly string[]): Promise<string[]> {
  const removable = await repo.unclaimedUnreferenced(tx, actor.tenantId, [...new Set(ids)]);
  if (removable.length === 0) return [];
  const removedIds = removable.map((entry) => entry.business.id);
  await repo.deleteBusinesses(tx, actor.tenantId, removedIds);
  await authPort.deleteUnusedInvitedUsers(
    tx,
    actor.tenantId,
    removable.flatMap((entry) => entry.invitedUserIds),
  );
  await recordAudits(
    tx,
    actor,
    removable.map(({ business }) => ({ model: 'business', modelId: business.id, action: 'deleted' as const, before: auditView(business) })),
  );
  return removedIds;
}

export function createBusinessService(app: AppContext) {
  return {
    async create(actor: AuditActor, userId: string, input: CreateBusinessRequest): Promise<BusinessResource> {
      const { tenantId } = actor;
      const business = await inTenant(app.db, tenantId, (tx) => createBusinessInTx(tx, tenantId, userId, input, { ip: actor.ip }));
      return toBusinessResource(business);
    },

    async update(actor: AuditActor, businessId: string, input: UpdateBusinessFields): Promise<BusinessResource> {
      const { tenantId } = actor;
      return inTenant(app.db, tenantId, async (tx) => {
        const before = await repo.findBusiness(tx, tenantId, businessId);
        if (!before) throw AppError.notFound();
        if (input.currency_id !== undefined && !currencyById(input.currency_id)) throw AppError.validation('currency_id', messages.invalidCurrency);
        if (input.slug && (await repo.slugTaken(tx, tenantId, input.slug, businessId))) throw AppError.validation('slug', 'The slug has already been taken.');
        const row = await repo.updateBusiness(tx, tenantId, businessId, {
          name: input.name,
          ...(input.email !== undefined ? { email: input.email || null } : {}),
          ...(input.phone !== undefined ? { phone: input.phone || null } : {}),
          ...(input.slug !== undefined ? { slug: input.slug } : {}),
          ...(input.business_type !== undefined ? { businessType: input.business_type } : {}),
          ...(input.business_structure !== undefined ? { businessStructure: input.business_structure } : {}),
          ...(input.is_customer !== undefined ? { isCustomer: input.is_customer } : {}),
          ...(input.is_vendor !== undefined ? { isVendor: input.is_vendor } : {}),
          ...(input.currency_id !== undefined ? { currencyId: input.currency_id } : {}),
          ...(input.contact_first_name !== undefined ? { contactFirstName: input.contact_first_name ?? null } : {}),
          ...(input.contact_last_name !== undefined ? { contactLastName: input.contact_last_name ?? null } : {}),
          ...(input.website !== undefined ? { website: input.website ?? null } : {}),
          ...addressPatch(input),
        });
        await recordAudit(tx, { ...actor, businessId }, { model: 'business', modelId: businessId, action: 'updated', before: auditView(before), after: auditView(row) });
        return toBusinessResource(row);
      });
    },

    /** Settings → address information: the billing and shipping addresses alone. */
    async updateAddresses(actor: AuditActor, businessId: string, input: Pick<UpdateBusinessFields, 'billing_address' | 'shipping_address'>): Promise<BusinessResource> {
      const { tenantId } = actor;
      return inTenant(app.db, tenantId, async (tx) => {
        const before = await repo.findBusiness(tx, tenantId, businessId);
        if (!before) throw AppError.notFound();
        const row = await repo.updateBusiness(tx, tenantId, businessId, addressPatch(input));
        await recordAudit(tx, { ...actor, businessId }, { model: 'business', modelId: businessId, action: 'updated', before: auditView(before), after: auditView(row) });
        return toBusinessResource(row);
      });
    },

    async setLogo(actor: AuditActor, businessId: string, url: string): Promise<BusinessResource> {
      const { tenantId } = actor;
      const row = await inTenant(app.db, tenantId, async (tx) => {
        const before = await repo.findBusiness(tx, tenantId, businessId);
        if (!before) throw AppError.notFound();
        const after = await repo.updateBusiness(tx, tenantId, businessId, { logo: url });
        await recordAudit(tx, { ...actor, businessId }, { model: 'business', modelId: businessId, action: 'updated', before: { logo: before.logo }, after: { logo: after.logo } });
        return after;
      });
      return toBusinessResource(row);
    },

    async settings(tenantId: string, businessId: string): Promise<BusinessSettings> {
      const row = await inTenant(app.db, tenantId, (tx) => repo.findBusiness(tx, tenantId, businessId));
      if (!row) throw AppError.notFound();
      return businessSettingsOf(row.id, row.settings);
    },

    async updateSettings(actor: AuditActor, businessId: string, settings: BusinessSettings): Promise<BusinessSettings> {
      const { tenantId } = actor;
      return inTenant(app.db, tenantId, async (tx) => {
        const row = await repo.findBusiness(tx, tenantId, businessId);
        if (!row) throw AppError.notFound();
        const problems = businessSettingsProblems(settings);
        const first = Object.values(problems)[0]?.[0];
        if (first) throw new AppError('validation', first, 422, problems);
        // A stored value that no longer passes is left out: the save replaces it with its default.
        const before = readSettings(businessId, row.settings).valid;
        const merged = { ...before, ...settings };
        await repo.updateBusiness(tx, tenantId, businessId, { settings: merged });
        await recordAudit(tx, { ...actor, businessId }, { model: 'business_settings', modelId: businessId, action: 'updated', before, after: merged });
        return readSettings(businessId, merged).resolved;
      });
    },

    async companies(tenantId: string, userId: string, page: number, limit: number): Promise<{ data: CompanySummary[]; total: number }> {
      return inTenant(app.db, tenantId, async (tx) => {
        const offset = Math.max(page - 1, 0) * limit;
        const [data, total] = [await repo.listUserCompanies(tx, tenantId, userId, offset, limit), await repo.countUserCompanies(tx, tenantId, userId)];
        return { data, total };
      });
    },
  };
}

export type BusinessService = ReturnType<typeof createBusinessService>;
