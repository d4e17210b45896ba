import {
  type PostalAddressFields,
  type AdminBusinessDetail,
  type AdminBusinessResource,
  type BankInfoResource,
  adminCreateBusinessRequestSchema,
  adminUpdateBusinessRequestSchema,
  adminBusinessesQuerySchema,
  currencyById,
  listMeta,
  messages,
  partyTypeOf,
} from '@app/contracts';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext, RequestMeta } from '../../platform/app-context';
import { type AuditActor, recordAudit } from '../../platform/audit';
import type { SecretBox } from '../../platform/crypto';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import * as authPort from '../auth/auth.port';
import { writeInvitation } from '../auth/invitation-mail';
import * as businessPort from '../businesses/businesses.port';
import { createBusinessInTx, toBusinessResource } from '../businesses/businesses.service';
import * as repo from './platform-businesses.repository';
import * as paymentsPort from '../payments/payments.port';

type CreateInput = z.output<typeof adminCreateBusinessRequestSchema>;
type UpdateInput = z.output<typeof adminUpdateBusinessRequestSchema>;
type ListQuery = z.output<typeof adminBusinessesQuerySchema>;
type OwnerRow = { id: string | null; name: string | null; email: string | null; status: 'invited' | 'active' | 'disabled' | null } | null;

type StoredBankInfo = { account_holder: string | null; bank_name: string | null; routing_number: string | null; account_number: string | null; account_number_last4: string | null };

const blank = (value: string | null | undefined) => (value ? value : null);

/** The request schema already refused unknown countries and incomplete addresses. */
function storedAddress(address: PostalAddressFields | null | undefined): Record<string, string | number | null> | null {
  if (!address) return null;
  const countryId = address.country_id ?? null;
  return {
    name: blank(address.name),
    phone: blank(address.phone),
    address_street_1: blank(address.address_street_1),
    address_street_2: blank(address.address_street_2),
    city: blank(address.city),
    state: blank(address.state),
    country_id: countryId,
    zip: blank(address.zip),
  };
}

/** The account number is sealed; a request without one keeps the stored number. */
function storedBankInfo(input: CreateInput['bank_info'], previous: Record<string, string | null> | null, secretBox: SecretBox): StoredBankInfo | null {
  if (!input) return null;
  const number = input.account_number?.replace(/\s+/g, '') || null;
  return {
    account_holder: blank(input.account_holder),
    bank_name: blank(input.bank_name),
    routing_number: blank(input.routing_number),
    account_number: number ? secretBox.seal(number) : (previous?.account_number ?? null),
    account_number_last4: number ? number.slice(-4) : (previous?.account_number_last4 ?? null),
  };
}

function bankInfoOf(stored: Record<string, string | null> | null): BankInfoResource | null {
  if (!stored) return null;
  return {
    account_holder: stored.account_holder ?? null,
    bank_name: stored.bank_name ?? null,
    routing_number: stored.routing_number ?? null,
    account_number_last4: stored.account_number_last4 ?? null,
  };
}

export function toAdminBusiness(row: businessPort.BusinessRow, owner: OwnerRow): AdminBusinessResource {
  const base = toBusinessResource(row);
  return {
    ...base,
    type: partyTypeOf(base),
    billing_address: businessPort.postalAddressOf(row.billingAddress),
    shipping_address: businessPort.postalAddressOf(row.shippingAddress),
    bank_info: bankInfoOf(row.bankInfo),
    owner: owner?.id && owner.name !== null && owner.email !== null && owner.status ? { id: owner.id, name: owner.name, email: owner.email, status: owner.status } : null,
  };
}

/** What the audit log keeps of a business: no sealed account number, only its last digits. */
function auditView(row: businessPort.BusinessRow): Record<string, unknown> {
  const view: Record<string, unknown> = { ...toAdminBusiness(row, null) };
  delete view.id;
  delete view.owner;
  delete view.created_at;
  return view;
}

function flagsOf(type: CreateInput['type']) {
  return { is_customer: type !== 'vendor', is_vendor: type !== 'customer' };
}

export function createPlatformBusinessService(app: AppContext) {
  async function load(tx: Tx, tenantId: string, id: string) {
    const found = await repo.findBusinessWithOwner(tx, tenantId, id);
    if (!found) throw AppError.notFound();
    return found;
  }

  return {
    async list(tenantId: string, query: ListQuery) {
      const order = { field: query.orderByField === 'name' ? ('name' as const) : ('created_at' as const), direction: query.orderBy ?? (query.orderByField === 'name' ? 'asc' : 'desc') };
      const offset = Math.max(query.page - 1, 0) * query.limit;
      return inTenant(app.db, tenantId, async (tx) => {
        const filter = { status: query.status, search: query.search };
        const rows = await repo.listBusinesses(tx, tenantId, filter, order, offset, query.limit);
        const total = await repo.countBusinesses(tx, tenantId, filter);
        const all = await repo.countBusinesses(tx, tenantId, { status: 'all' });
        return { data: rows.map((r) => toAdminBusiness(r.business, r.owner)), meta: { ...listMeta(query.page, query.limit, total), business_total_count: all } };
      });
    },

    async get(tenantId: string, id: string): Promise<AdminBusinessDetail> {
      return inTenant(app.db, tenantId, async (tx) => {
        const found = await load(tx, tenantId, id);
        const team = await repo.listTeam(tx, tenantId, id);
        const counts = await repo.teamCounts(tx, tenantId, id);
        return {
          ...toAdminBusiness(found.business, found.owner),
          team: team.map((m) => ({ id: m.id, name: m.name, email: m.email, role: m.role, status: m.status, is_owner: m.isOwner })),
          stats: { team_size: counts.total, active_members: counts.active, invited_members: counts.invited },
          plan_id: found.business.planId,
        };
      });
    },

    /** The owner is invited by mail; an existing business user of the tenant becomes owner at once. */
    async create(actor: AuditActor, input: CreateInput, meta: RequestMeta): Promise<AdminBusinessResource> {
      const tenantId = actor.tenantId;
      return inTenant(app.db, tenantId, async (tx) => {
        let owner = await authPort.findUserByEmail(tx, tenantId, input.owner_email);
        if (owner?.isPlatformUser) throw AppError.validation('owner_email', messages.alreadyOnInternalTeam);
        const invite = !owner || owner.status === 'invited';
        owner ??= await authPort.insertUser(tx, { tenantId, id: newId(), name: input.owner_email.split('@')[0] || input.owner_email, email: input.owner_email, status: 'invited' });
        const created = await createBusinessInTx(
          tx,
          tenantId,
          owner.id,
          {
            name: input.name,
            email: input.email,
            phone: input.phone,
            slug: input.slug,
            business_type: input.business_type,
            business_structure: input.business_structure,
            currency_id: input.currency_id,
            contact_first_name: input.contact_first_name,
            contact_last_name: input.contact_last_name,
            website: input.website,
            ...flagsOf(input.type),
          },
          { ownerStatus: invite ? 'invited' : 'active', callerAudits: true },
        );
        const business = await businessPort.updateBusiness(tx, tenantId, created.id, {
          billingAddress: storedAddress(input.billing_address),
          shippingAddress: storedAddress(input.shipping_address),
          bankInfo: storedBankInfo(input.bank_info, null, app.secretBox),
        });
        await recordAudit(tx, { ...actor, businessId: business.id }, { model: 'business', modelId: business.id, action: 'created', after: auditView(business) });
        if (invite) {
          await writeInvitation(app, tx, {
            tenantId,
            userId: owner.id,
            email: owner.email,
            businessId: business.id,
            origin: meta.origin,
            subject: `You are invited to join ${business.name}`,
            line: `You have been invited to join ${business.name} as its owner.`,
          });
        }
        return toAdminBusiness(business, owner);
      });
    },

    async update(actor: AuditActor, id: string, input: UpdateInput): Promise<AdminBusinessResource> {
      const tenantId = actor.tenantId;
      return inTenant(app.db, tenantId, async (tx) => {
        const before = await load(tx, tenantId, id);
        if (!currencyById(input.currency_id)) throw AppError.validation('currency_id', messages.invalidCurrency);
        if (input.slug && (await businessPort.slugTaken(tx, tenantId, input.slug, id))) throw AppError.validation('slug', 'The slug has already been taken.');
        const flags = flagsOf(input.type);
        const row = await businessPort.updateBusiness(tx, tenantId, id, {
          name: input.name,
          email: input.email || null,
          phone: input.phone || null,
          ...(input.slug ? { slug: input.slug } : {}),
          businessType: input.business_type,
          businessStructure: input.business_structure,
          isCustomer: flags.is_customer,
          isVendor: flags.is_vendor,
          currencyId: input.currency_id,
          contactFirstName: input.contact_first_name ?? null,
          contactLastName: input.contact_last_name ?? null,
          website: input.website ?? null,
          billingAddress: storedAddress(input.billing_address),
          shippingAddress: storedAddress(input.shipping_address),
          bankInfo: storedBankInfo(input.bank_info, before.business.bankInfo, app.secretBox),
        });
        await recordAudit(tx, { ...actor, businessId: id }, { model: 'business', modelId: id, action: 'updated', before: auditView(before.business), after: auditView(row) });
        return toAdminBusiness(row, before.owner);
      });
    },

    async setLogo(actor: AuditActor, id: string, logo: string): Promise<AdminBusinessResource> {
      return this.patch(actor, id, { logo });
    },

    async setDisabled(actor: AuditActor, id: string, disabled: boolean): Promise<AdminBusinessResource> {
      return this.patch(actor, id, { disabledAt: disabled ? app.clock.now() : null });
    },

    async patch(actor: AuditActor, id: string, change: { logo?: string; disabledAt?: Date | null }): Promise<AdminBusinessResource> {
      const tenantId = actor.tenantId;
      return inTenant(app.db, tenantId, async (tx) => {
        const before = await load(tx, tenantId, id);
        const row = await businessPort.updateBusiness(tx, tenantId, id, change);
        await recordAudit(tx, { ...actor, businessId: id }, { model: 'business', modelId: id, action: 'updated', before: auditView(before.business), after: auditView(row) });
        return toAdminBusiness(row, before.owner);
      });
    },

    /** Only after the caller typed the business's exact name. */
    async remove(actor: AuditActor, id: string, typedName: string): Promise<void> {
      const tenantId = actor.tenantId;
      await inTenant(app.db, tenantId, async (tx) => {
        const found = await load(tx, tenantId, id);
        if (typedName.trim() !== found.business.name) throw AppError.validation('name', messages.deleteBusinessNameMismatch);
        await paymentsPort.deleteMirrorsRecordedBy(tx, tenantId, id);
        await repo.deleteBusiness(tx, tenantId, id);
        await recordAudit(tx, { ...actor, businessId: id }, { model: 'business', modelId: id, action: 'deleted', before: auditView(found.business) });
      });
    },
  };
}

export type PlatformBusinessService = ReturnType<typeof createPlatformBusinessService>;
