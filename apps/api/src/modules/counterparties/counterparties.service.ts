import {
  type CounterpartyKind,
  type CounterpartyListQuery,
  type CounterpartyListResponse,
  type CounterpartyPreviewResponse,
  type CounterpartyResource,
  type PostalAddressResource,
  type SearchHit,
  counterpartyListQuerySchema,
  createCounterpartyRequestSchema,
  listMeta,
  messages,
  updateCounterpartyRequestSchema,
} from '@app/contracts';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import type { PostalAddress } from '../../db/schema/directory';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext, RequestMeta } from '../../platform/app-context';
import { type AuditActor, recordAudit, recordAudits } from '../../platform/audit';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { Throttle, throttleSubjects } from '../../platform/throttle';
import * as authPort from '../auth/auth.port';
import * as businessPort from '../businesses/businesses.port';
import { createBusinessInTx, createNetworkBusinessesInTx, removeUnclaimedNetworkBusinessesInTx, toBusinessResource } from '../businesses/businesses.service';
import { recordCounterpartiesCreated, recordCounterpartyEvent } from './counterparty-events';
import * as repo from './counterparties.repository';
import { ensureOwner, hasTransactions, writeOnboardingInvitation } from './network';

type AddressInput = z.output<typeof createCounterpartyRequestSchema>['billing_address'];
type Fields = z.output<typeof updateCounterpartyRequestSchema>;
export type CreateFields = z.output<typeof createCounterpartyRequestSchema>;

function toAddress(input: AddressInput): PostalAddress | null {
  if (!input) return null;
  const address: PostalAddress = {
    name: input.name ?? null,
    phone: input.phone ?? null,
    address_street_1: input.address_street_1 ?? null,
    address_street_2: input.address_street_2 ?? null,
    city: input.city ?? null,
    state: input.state ?? null,
    country_id: input.country_id ?? null,
    zip: input.zip ?? null,
  };
  return Object.values(address).some((v) => v !== null) ? address : null;
}

function addressResource(address: PostalAddress | null): PostalAddressResource | null {
  return address ? { ...address } : null;
}

/** `expand` names addresses as the spec does (billingAddress, shippingAddress). */
export function toCounterpartyResource(row: repo.CounterpartyRow, expand: ReadonlySet<string> = new Set()): CounterpartyResource {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    display_name: row.displayName,
    contact_first_name: row.contactFirstName,
    contact_last_name: row.contactLastName,
    email: row.email,
    phone: row.phone,
    website: row.website,
    currency_id: row.currencyId,
    portal_access: row.portalAccess,
    admin_onboarded: row.adminOnboarded,
    creator_business_id: row.creatorBusinessId,
    customer_business: { id: row.counterpartyBusinessId, name: row.businessName, email: row.businessEmail, owner_status: row.ownerStatus },
    status: row.archivedAt ? 'archived' : 'active',
    amount_due: row.amountDue,
    amount_due_currency_id: row.amountDueCurrencyId,
    created_at: row.createdAt.toISOString(),
    ...(expand.has('billingAddress') ? { billing_address: addressResource(row.billingAddress) } : {}),
    ...(expand.has('shippingAddress') ? { shipping_address: addressResource(row.shippingAddress) } : {}),
  };
}

/** What the audit log keeps of a counterparty: its resource with both addresses. */
const auditView = (row: repo.CounterpartyRow) => toCounterpartyResource(row, new Set(['billingAddress', 'shippingAddress']));

function columnsOf(fields: Fields) {
  return {
    name: fields.name,
    displayName: fields.display_name ?? null,
    contactFirstName: fields.contact_first_name ?? null,
    contactLastName: fields.contact_last_name ?? null,
    email: fields.email || null,
    phone: fields.phone || null,
    website: fields.website || null,
    currencyId: fields.currency_id,
    billingAddress: toAddress(fields.billing_address),
    shippingAddress: toAddress(fields.shipping_address),
    portalAccess: fields.portal_access,
  };
}

/** The network business a new counterparty gets when no business of the tenant has its email. */
function networkBusinessOf(fields: CreateFields, kind: CounterpartyKind) {
  return {
    name: fields.name,
    email: fields.email || null,
    phone: fields.phone || null,
    currency_id: fields.currency_id,
    contact_first_name: fields.contact_first_name ?? null,
    contact_last_name: fields.contact_last_name ?? null,
    website: fields.website || null,
    is_customer: kind === 'customer',
    is_vendor: kind === 'vendor',
  };
}

export type BulkAction = 'archive' | 'unarchive' | 'delete';

export function createCounterpartyService(app: AppContext) {
  const throttle = new Throttle(app.db, app.clock);

  async function rowOrNotFound(tx: Tx, scope: repo.Scope, id: string): Promise<repo.CounterpartyRow> {
    const row = await repo.findCounterparty(tx, scope, id);
    if (!row) throw AppError.notFound();
    return row;
  }

  /** The business an email would link to: the tenant's business with that email or owner email. */
  async function linkTarget(tx: Tx, scope: repo.Scope, email: string) {
    const found = await repo.findBusinessByEmail(tx, scope.tenantId, email);
    if (found?.id === scope.businessId) throw AppError.validation('email', messages.counterpartySelf);
    return found;
  }

  /** Whether a counterparty is used by a document or a payment, so it may not be deleted. */
  async function inUse(tx: Tx, scope: repo.Scope, row: repo.CounterpartyRow): Promise<boolean> {
    return (await hasTransactions(tx, scope, row)) || (await repo.hasCustomerDocuments(tx, scope, row.id));
  }

  /**
   * Records the counterparty and links it to the tenant's business with its email, creating that
   * business (owned by an invited user with the email) when there is none.
   */
  async function insertInTx(tx: Tx, actor: AuditActor, scope: repo.Scope, fields: CreateFields): Promise<repo.CounterpartyRow> {
    const { tenantId } = scope;
    const email = fields.email || null;
    const linked = email ? await linkTarget(tx, scope, email) : undefined;
    if (linked && (await repo.linkExists(tx, scope, linked.id))) throw AppError.validation('email', messages.emailTaken);
    let counterpartyBusinessId = linked?.id;
    if (!counterpartyBusinessId) {
      const user = email ? ((await authPort.findUserByEmail(tx, tenantId, email)) ?? (await authPort.insertUser(tx, { tenantId, id: newId(), name: fields.name, email, status: 'invited' }))) : null;
      const business = await createBusinessInTx(tx, tenantId, user?.id ?? null, networkBusinessOf(fields, scope.kind), { ownerStatus: 'invited', callerAudits: true });
      await recordAudit(tx, actor, { model: 'business', modelId: business.id, action: 'created', after: toBusinessResource(business) });
      counterpartyBusinessId = business.id;
    }
    const id = newId();
    await repo.insertCounterparty(tx, { tenantId, id, businessId: scope.businessId, kind: scope.kind, counterpartyBusinessId, creatorBusinessId: scope.businessId, ...columnsOf(fields) });
    const row = await rowOrNotFound(tx, scope, id);
    await recordAudit(tx, actor, { model: scope.kind, modelId: id, action: 'created', after: auditView(row) });
    await recordCounterpartyEvent(tx, app.webhookEvents, 'created', row);
    return row;
  }

  return {
    async list(scope: repo.Scope, input: CounterpartyListQuery): Promise<CounterpartyListResponse> {
      const query = counterpartyListQuerySchema.parse(input);
      const { page, limit } = query;
      const filters = { status: query.status ?? 'active', search: query.search, email: query.email, phone: query.phone, currencyId: query.currency_id } as const;
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const rows = await repo.listCounterparties(tx, scope, {
          ...filters,
          orderBy: query.orderByField ?? 'created_at',
          direction: query.orderBy ?? (query.orderByField ? 'asc' : 'desc'),
          offset: Math.max(page - 1, 0) * limit,
          limit,
        });
        const total = await repo.countCounterparties(tx, scope, filters);
        const everyone = await repo.countCounterparties(tx, scope);
        return { data: rows.map((r) => toCounterpartyResource(r)), meta: { ...listMeta(page, limit, total), [`${scope.kind}_total_count`]: everyone } };
      });
    },

    async get(scope: repo.Scope, id: string, expand: ReadonlySet<string>): Promise<CounterpartyResource> {
      return toCounterpartyResource(await inTenant(app.db, scope.tenantId, (tx) => rowOrNotFound(tx, scope, id)), expand);
    },

    /**
     * Whether a record with this email would be linked to an existing business, and nothing more
     * about it; every preview counts against the user's and the business's hourly lookups.
     */
    async preview(scope: repo.Scope, userId: string, email: string): Promise<CounterpartyPreviewResponse> {
      await throttle.attempt([throttleSubjects.lookupByUser(scope.tenantId, userId, 'counterparty-preview'), throttleSubjects.lookupByBusiness(scope.tenantId, scope.businessId, 'counterparty-preview')]);
      const found = await inTenant(app.db, scope.tenantId, (tx) => linkTarget(tx, scope, email));
      return { business: found ? { linked: true } : null };
    },

    /**
     * Records the counterparty and links it to the tenant's business with that email, creating
     * that business (owned by an invited user with the email) when there is none. With
     * send_invitation its owner is mailed an onboarding link in the same transaction.
     */
    async create(actor: AuditActor, scope: repo.Scope, input: unknown, meta: RequestMeta): Promise<CounterpartyResource> {
      const fields = createCounterpartyRequestSchema.parse(input);
      const { tenantId } = scope;
      const email = fields.email || null;
      const row = await inTenant(app.db, tenantId, async (tx) => {
        const row = await insertInTx(tx, actor, scope, fields);
        const { counterpartyBusinessId } = row;
        if (fields.send_invitation && email) {
          const inviter = await businessPort.findBusiness(tx, tenantId, scope.businessId);
          const owner = await ensureOwner(tx, tenantId, counterpartyBusinessId, email, fields.name);
          await writeOnboardingInvitation(app, tx, {
            tenantId,
            businessId: counterpartyBusinessId,
            businessName: row.businessName,
            owner,
            inviterName: inviter?.name ?? '',
            kind: scope.kind,
            origin: meta.origin,
          });
        }
        return row;
      });
      return toCounterpartyResource(row, new Set(['billingAddress', 'shippingAddress']));
    },

    /** Only the business that created the record edits it, and not once an admin onboarded it. */
    async update(actor: AuditActor, scope: repo.Scope, id: string, input: unknown): Promise<CounterpartyResource> {
      const fields = updateCounterpartyRequestSchema.parse(input);
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const before = await rowOrNotFound(tx, scope, id);
        if (before.creatorBusinessId !== scope.businessId || before.adminOnboarded) throw AppError.forbidden();
        if (fields.currency_id !== before.currencyId && (await hasTransactions(tx, scope, before))) throw AppError.validation('currency_id', messages.currencyLocked);
        await repo.updateCounterparty(tx, scope, id, columnsOf(fields));
        const after = await rowOrNotFound(tx, scope, id);
        await recordAudit(tx, actor, { model: scope.kind, modelId: id, action: 'updated', before: auditView(before), after: auditView(after) });
        await recordCounterpartyEvent(tx, app.webhookEvents, 'updated', after);
        return toCounterpartyResource(after, new Set(['billingAddress', 'shippingAddress']));
      });
    },

    /**
     * Archive, unarchive or delete the records of `ids` that belong to the selected business;
     * others do not match. None matching is a 404. Returns how many changed. Deleting also removes
     * the network business a record pointed at when nobody took it up and nothing else names it.
     */
    async bulk(actor: AuditActor, scope: repo.Scope, ids: string[], action: BulkAction): Promise<number> {
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const matched = await repo.recordsInScope(tx, scope, [...new Set(ids)]);
        if (matched.length === 0) throw AppError.notFound();
        const targets = action === 'archive' ? matched.filter((r) => !r.archivedAt) : action === 'unarchive' ? matched.filter((r) => r.archivedAt) : matched;
        const targetIds = targets.map((r) => r.id);
        const befores = await Promise.all(targetIds.map((id) => rowOrNotFound(tx, scope, id)));
        if (action === 'delete') {
          for (const before of befores) {
            if (await inUse(tx, scope, before)) throw AppError.validation('ids', messages.counterpartyInUse);
          }
          await repo.deleteCounterparties(tx, scope, targetIds);
          await removeUnclaimedNetworkBusinessesInTx(tx, actor, befores.map((before) => before.counterpartyBusinessId));
        }
        else await repo.setArchivedAt(tx, scope, targetIds, action === 'archive' ? app.clock.now() : null);
        for (const before of befores) {
          const after = action === 'delete' ? undefined : await rowOrNotFound(tx, scope, before.id);
          await recordAudit(tx, actor, {
            model: scope.kind,
            modelId: before.id,
            // Archiving is an update of the status, which the changes show.
            action: action === 'delete' ? 'deleted' : 'updated',
            before: auditView(before),
            ...(after ? { after: auditView(after) } : {}),
          });
          // Deleting has no event in the catalogue; unarchiving is an edit of the record.
          if (after) await recordCounterpartyEvent(tx, app.webhookEvents, action === 'archive' ? 'archived' : 'updated', after);
        }
        return targetIds.length;
      });
    },

    /** A counterparty of an import row, in the import's one transaction (never an invitation); returns its id. */
    async createImportedInTx(tx: Tx, actor: AuditActor, scope: repo.Scope, fields: CreateFields): Promise<string> {
      return (await insertInTx(tx, actor, scope, { ...fields, send_invitation: false })).id;
    },

    /**
     * An import's new counterparties, many at once: those without an email or with one the tenant
     * does not know, each with its network business (owned by an invited user with the email), in
     * multi-row statements. One whose email the tenant knows answers null: `createImportedInTx`
     * links it (or refuses it) one by one.
     */
    async createNewImportedInTx(tx: Tx, actor: AuditActor, scope: repo.Scope, rows: readonly CreateFields[]): Promise<(string | null)[]> {
      const { tenantId } = scope;
      const known = await repo.knownEmails(tx, tenantId, rows.flatMap((fields) => (fields.email ? [fields.email.toLowerCase()] : [])));
      const fresh = rows.flatMap((fields, index) => (fields.email && known.has(fields.email.toLowerCase()) ? [] : [{ fields, index, id: newId(), userId: fields.email ? newId() : null }]));
      await authPort.insertUsers(tx, fresh.flatMap(({ fields, userId }) => (userId && fields.email ? [{ tenantId, id: userId, name: fields.name, email: fields.email, status: 'invited' as const }] : [])));
      // Answered in the order asked: the business of fresh[i] is created[i].
      const created = await createNetworkBusinessesInTx(tx, tenantId, fresh.map(({ fields, userId }) => ({ ownerUserId: userId, input: networkBusinessOf(fields, scope.kind) })));
      const withBusiness = fresh.map((entry, position) => {
        const business = created[position];
        if (!business) throw new Error('A network business was not created');
        return { ...entry, business };
      });
      const records = await repo.insertCounterparties(
        tx,
        tenantId,
        withBusiness.map(({ fields, id, business }) => ({ tenantId, id, businessId: scope.businessId, kind: scope.kind, counterpartyBusinessId: business.id, creatorBusinessId: scope.businessId, ...columnsOf(fields) })),
      );
      const businessOf = new Map(withBusiness.map(({ id, business }) => [id, business]));
      await recordAudits(tx, actor, [
        ...created.map((business) => ({ model: 'business', modelId: business.id, action: 'created' as const, after: toBusinessResource(business) })),
        ...records.map((record) => {
          const business = businessOf.get(record.id);
          const row: repo.CounterpartyRow = { ...record, businessName: business?.name ?? record.name, businessEmail: business?.email ?? null, ownerStatus: record.email ? 'invited' : null, amountDue: 0, amountDueCurrencyId: record.currencyId };
          return { model: scope.kind, modelId: record.id, action: 'created' as const, after: auditView(row) };
        }),
      ]);
      await recordCounterpartiesCreated(tx, app.webhookEvents, scope, records);
      const ids: (string | null)[] = rows.map(() => null);
      for (const { index, id } of fresh) ids[index] = id;
      return ids;
    },

    /**
     * Deletes the counterparties an import created, in the caller's transaction, with the network
     * businesses made for them that nobody took up since; false (nothing deleted) when any has
     * invoices, payments, estimates or recurring invoices.
     */
    async removeImportedInTx(tx: Tx, actor: AuditActor, scope: repo.Scope, ids: readonly string[]): Promise<boolean> {
      const own = await repo.recordsInScope(tx, scope, [...ids]);
      const rows: repo.CounterpartyRow[] = [];
      for (const record of own) {
        const row = await rowOrNotFound(tx, scope, record.id);
        if (await inUse(tx, scope, row)) return false;
        rows.push(row);
      }
      await repo.deleteCounterparties(tx, scope, own.map((record) => record.id));
      for (const row of rows) await recordAudit(tx, actor, { model: scope.kind, modelId: row.id, action: 'deleted', before: auditView(row) });
      await removeUnclaimedNetworkBusinessesInTx(tx, actor, rows.map((row) => row.counterpartyBusinessId));
      return true;
    },

    /** The scope's counterparties (not archived) with these emails, by lower-cased email; the earliest made where two share one. */
    async activeByEmailInTx(tx: Tx, scope: repo.Scope, emails: readonly string[]): Promise<Map<string, { id: string; currencyId: number }>> {
      const found = new Map<string, { id: string; currencyId: number }>();
      for (const row of await repo.activeByEmails(tx, scope, emails)) if (!found.has(row.email)) found.set(row.email, { id: row.id, currencyId: row.currencyId });
      return found;
    },

    /** Records matching the header search by name, display name or email. */
    async search(scope: repo.Scope, term: string, limit: number): Promise<SearchHit[]> {
      const rows = await inTenant(app.db, scope.tenantId, (tx) => repo.searchCounterparties(tx, scope, term, limit));
      return rows.map((r) => ({ id: r.id, name: r.name, email: r.email, avatar: null }));
    },
  };
}

export type CounterpartyService = ReturnType<typeof createCounterpartyService>;

export function scopeOf(tenantId: string, businessId: string, kind: CounterpartyKind): repo.Scope {
  return { tenantId, businessId, kind };
}

/**
 * Who is told about a customer's automatic payment (auto pay), read in the caller's transaction:
 * the customer record (its email, else its business's), and the vendor (its email, else its owner's).
 */
export async function paymentContactsInTx(tx: Tx, tenantId: string, businessId: string, counterpartyId: string) {
  const record = await repo.findCounterparty(tx, scopeOf(tenantId, businessId, 'customer'), counterpartyId);
  const vendor = await businessPort.findBusiness(tx, tenantId, businessId);
  if (!record || !vendor) return null;
  const owner = vendor.email ? undefined : await repo.findOwner(tx, tenantId, businessId);
  return { customerName: record.name, customerEmail: record.email ?? record.businessEmail, vendorName: vendor.name, vendorEmail: vendor.email ?? owner?.user.email ?? null };
}
