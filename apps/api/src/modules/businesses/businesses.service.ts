import {
  type BusinessResource,
  type CompanySummary,
  type CreateBusinessRequest,
  type UpdateBusinessRequest,
  currencyById,
  messages,
  seededBusinessRoles,
  createBusinessRequestSchema,
  businessSettingsSchema,
  type BusinessSettings,
} from '@app/contracts';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext, RequestMeta } from '../../platform/app-context';
import { newId, randomToken, sha256 } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { simpleMailHtml } from '../../platform/mail';
import * as repo from './businesses.repository';
import * as authRepo from '../auth/auth.repository';

const INVITATION_DAYS = 7;

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
    disabled: row.disabledAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

export function businessSettingsOf(row: repo.BusinessRow): BusinessSettings {
  const parsed = businessSettingsSchema.safeParse(row.settings);
  return parsed.success ? parsed.data : {};
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

/** A new business with its seeded roles, owned by `ownerUserId`. Runs in the caller's transaction. */
export async function createBusinessInTx(tx: Tx, tenantId: string, ownerUserId: string, input: CreateBusinessRequest): Promise<repo.BusinessRow> {
  const fields = createBusinessRequestSchema.parse(input);
  if (!currencyById(fields.currency_id)) throw AppError.validation('currency_id', messages.invalidCurrency);
  if (fields.slug && (await repo.slugTaken(tx, tenantId, fields.slug))) throw AppError.validation('slug', 'The slug has already been taken.');
  const business = await repo.insertBusiness(tx, {
    tenantId,
    id: newId(),
    name: fields.name,
    slug: fields.slug ?? (await uniqueSlug(tx, tenantId, slugify(fields.name))),
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
  });
  const seeded = await repo.insertRoles(
    tx,
    Object.entries(seededBusinessRoles).map(([name, role]) => ({
      tenantId,
      id: newId(),
      businessId: business.id,
      scope: 'business' as const,
      name,
      description: role.description,
      abilities: [...role.abilities],
      isSystem: name === 'owner',
    })),
  );
  const ownerRole = seeded.find((r) => r.name === 'owner');
  if (!ownerRole) throw new Error('Owner role was not seeded');
  await repo.insertMembership(tx, { tenantId, businessId: business.id, userId: ownerUserId, roleId: ownerRole.id, isOwner: true, status: 'active' });
  return business;
}

export function createBusinessService(app: AppContext) {
  return {
    async create(tenantId: string, userId: string, input: CreateBusinessRequest): Promise<BusinessResource> {
      const business = await inTenant(app.db, tenantId, (tx) => createBusinessInTx(tx, tenantId, userId, input));
      return toBusinessResource(business);
    },

    async update(tenantId: string, businessId: string, input: UpdateBusinessRequest): Promise<BusinessResource> {
      return inTenant(app.db, tenantId, async (tx) => {
        if (input.currency_id !== undefined && !currencyById(Number(input.currency_id))) throw AppError.validation('currency_id', messages.invalidCurrency);
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
          ...(input.currency_id !== undefined ? { currencyId: Number(input.currency_id) } : {}),
          ...(input.contact_first_name !== undefined ? { contactFirstName: input.contact_first_name ?? null } : {}),
          ...(input.contact_last_name !== undefined ? { contactLastName: input.contact_last_name ?? null } : {}),
          ...(input.website !== undefined ? { website: input.website ?? null } : {}),
        });
        return toBusinessResource(row);
      });
    },

    async setLogo(tenantId: string, businessId: string, url: string): Promise<BusinessResource> {
      const row = await inTenant(app.db, tenantId, (tx) => repo.updateBusiness(tx, tenantId, businessId, { logo: url }));
      return toBusinessResource(row);
    },

    async settings(tenantId: string, businessId: string): Promise<BusinessSettings> {
      const row = await inTenant(app.db, tenantId, (tx) => repo.findBusiness(tx, tenantId, businessId));
      if (!row) throw AppError.notFound();
      return businessSettingsOf(row);
    },

    async updateSettings(tenantId: string, businessId: string, settings: BusinessSettings): Promise<BusinessSettings> {
      return inTenant(app.db, tenantId, async (tx) => {
        const row = await repo.findBusiness(tx, tenantId, businessId);
        if (!row) throw AppError.notFound();
        const merged = { ...businessSettingsOf(row), ...settings };
        await repo.updateBusiness(tx, tenantId, businessId, { settings: merged });
        return merged;
      });
    },

    async companies(tenantId: string, userId: string, page: number, limit: number): Promise<{ data: CompanySummary[]; total: number }> {
      return inTenant(app.db, tenantId, async (tx) => {
        const offset = Math.max(page - 1, 0) * limit;
        const [data, total] = [await repo.listUserCompanies(tx, tenantId, userId, offset, limit), await repo.countUserCompanies(tx, tenantId, userId)];
        return { data, total };
      });
    },

    async roles(tenantId: string, businessId: string) {
      const rows = await inTenant(app.db, tenantId, (tx) => repo.listBusinessRoles(tx, tenantId, businessId));
      return rows.map((r) => ({ id: r.id, name: r.name, description: r.description, abilities: r.abilities }));
    },

    /** Invites someone into the business with a role; a new person gets a user in status invited. */
    async invite(tenantId: string, businessId: string, input: { email: string; role: string; name?: string | undefined }, meta: RequestMeta) {
      const result = await inTenant(app.db, tenantId, async (tx) => {
        const business = await repo.findBusiness(tx, tenantId, businessId);
        if (!business) throw AppError.notFound();
        const role = await repo.findBusinessRoleByName(tx, tenantId, businessId, input.role);
        if (!role) throw AppError.validation('role', messages.roleNotFound);
        let user = await repo.findUserForInvite(tx, tenantId, input.email);
        if (user?.isPlatformUser) throw AppError.validation('email', messages.alreadyOnInternalTeam);
        if (user && (await repo.findMembershipRow(tx, tenantId, businessId, user.id))) throw AppError.validation('email', messages.alreadyOnExternalTeam);
        if (!user) {
          user = await authRepo.insertUser(tx, {
            tenantId,
            id: newId(),
            name: input.name?.trim() || input.email.split('@')[0] || input.email,
            email: input.email,
            status: 'invited',
          });
        }
        await repo.insertMembership(tx, { tenantId, businessId, userId: user.id, roleId: role.id, status: 'invited', isOwner: false });
        const token = randomToken();
        await authRepo.insertOneTimeToken(tx, {
          tenantId,
          id: newId(),
          userId: user.id,
          purpose: 'invitation',
          tokenHash: sha256(token),
          businessId,
          expiresAt: new Date(app.clock.now().getTime() + INVITATION_DAYS * 86_400_000),
        });
        const url = `${meta.origin}/accept-user-invitation/${token}`;
        const subject = `You are invited to join ${business.name}`;
        const text = `You have been invited to join ${business.name} as ${role.name}.\n\nAccept the invitation: ${url}\n\nThe link expires in ${INVITATION_DAYS} days.`;
        const mailId = await app.outbox.write(tx, tenantId, {
          to: user.email,
          subject,
          text,
          html: simpleMailHtml(subject, [`You have been invited to join ${business.name} as ${role.name}.`, `The link expires in ${INVITATION_DAYS} days.`], { label: 'Accept invitation', url }),
        });
        return { mailId, user: { id: user.id, email: user.email, name: user.name, status: 'invited' as const, role: role.name } };
      });
      await app.outbox.dispatch(tenantId, result.mailId);
      return result.user;
    },
  };
}

export type BusinessService = ReturnType<typeof createBusinessService>;
