import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './identity';
import { tenants } from './tenancy';

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export type PostalAddress = {
  name: string | null;
  phone: string | null;
  address_street_1: string | null;
  address_street_2: string | null;
  city: string | null;
  state: string | null;
  country_id: number | null;
  zip: string | null;
};

/**
 * One business's view of another business of the tenant, as its customer or its vendor (the
 * business network). `counterpartyBusinessId` is the business on the other side.
 */
export const counterparties = pgTable(
  'counterparties',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    businessId: uuid('business_id').notNull(),
    kind: text('kind', { enum: ['customer', 'vendor'] }).notNull(),
    counterpartyBusinessId: uuid('counterparty_business_id').notNull(),
    creatorBusinessId: uuid('creator_business_id').notNull(),
    name: text('name').notNull(),
    displayName: text('display_name'),
    contactFirstName: text('contact_first_name'),
    contactLastName: text('contact_last_name'),
    email: text('email'),
    phone: text('phone'),
    website: text('website'),
    currencyId: integer('currency_id').notNull().default(1),
    billingAddress: jsonb('billing_address').$type<PostalAddress>(),
    shippingAddress: jsonb('shipping_address').$type<PostalAddress>(),
    portalAccess: boolean('portal_access').notNull().default(false),
    adminOnboarded: boolean('admin_onboarded').notNull().default(false),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('counterparties_business_id_unique').on(t.tenantId, t.businessId, t.id),
    unique('counterparties_business_kind_counterparty_unique').on(t.tenantId, t.businessId, t.kind, t.counterpartyBusinessId),
    index('counterparties_list_idx').on(t.tenantId, t.businessId, t.kind, t.archivedAt, t.name),
    index('counterparties_counterparty_idx').on(t.tenantId, t.counterpartyBusinessId, t.kind),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'counterparties_business_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.counterpartyBusinessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'counterparties_counterparty_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.creatorBusinessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'counterparties_creator_fk' }).onDelete('cascade'),
  ],
);

export const itemUnits = pgTable(
  'item_units',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    businessId: uuid('business_id').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('item_units_business_id_unique').on(t.tenantId, t.businessId, t.id),
    uniqueIndex('item_units_business_name_unique').on(t.tenantId, t.businessId, sql`lower(${t.name})`),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'item_units_business_fk' }).onDelete('cascade'),
  ],
);

export const taxTypes = pgTable(
  'tax_types',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    businessId: uuid('business_id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    /** Percent as an exact decimal (e.g. '9.975'), returned as a string. */
    percent: numeric('percent', { precision: 7, scale: 4 }).notNull(),
    compoundTax: boolean('compound_tax').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('tax_types_business_id_unique').on(t.tenantId, t.businessId, t.id),
    uniqueIndex('tax_types_business_name_unique').on(t.tenantId, t.businessId, sql`lower(${t.name})`),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'tax_types_business_fk' }).onDelete('cascade'),
  ],
);

export const items = pgTable(
  'items',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    businessId: uuid('business_id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    /** Minor units of the business currency; at most Number.MAX_SAFE_INTEGER. */
    price: bigint('price', { mode: 'number' }).notNull(),
    unitId: uuid('unit_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('items_business_id_unique').on(t.tenantId, t.businessId, t.id),
    index('items_list_idx').on(t.tenantId, t.businessId, t.name),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'items_business_fk' }).onDelete('cascade'),
    // Business-scoped: an item can only use a unit of its own business.
    foreignKey({ columns: [t.tenantId, t.businessId, t.unitId], foreignColumns: [itemUnits.tenantId, itemUnits.businessId, itemUnits.id], name: 'items_unit_fk' }),
  ],
);

export const itemTaxes = pgTable(
  'item_taxes',
  {
    tenantId: tenantId(),
    businessId: uuid('business_id').notNull(),
    itemId: uuid('item_id').notNull(),
    taxTypeId: uuid('tax_type_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.itemId, t.taxTypeId] }),
    index('item_taxes_tax_idx').on(t.tenantId, t.taxTypeId),
    foreignKey({ columns: [t.tenantId, t.businessId, t.itemId], foreignColumns: [items.tenantId, items.businessId, items.id], name: 'item_taxes_item_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.businessId, t.taxTypeId], foreignColumns: [taxTypes.tenantId, taxTypes.businessId, taxTypes.id], name: 'item_taxes_tax_fk' }),
  ],
);

export const notes = pgTable(
  'notes',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    businessId: uuid('business_id').notNull(),
    type: text('type', { enum: ['Invoice', 'Estimate', 'Payment'] }).notNull().default('Invoice'),
    name: text('name').notNull(),
    notes: text('notes').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('notes_list_idx').on(t.tenantId, t.businessId, t.type, t.name),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'notes_business_fk' }).onDelete('cascade'),
  ],
);

export const paymentModes = pgTable(
  'payment_modes',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    businessId: uuid('business_id').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('payment_modes_business_id_unique').on(t.tenantId, t.businessId, t.id),
    uniqueIndex('payment_modes_business_name_unique').on(t.tenantId, t.businessId, sql`lower(${t.name})`),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'payment_modes_business_fk' }).onDelete('cascade'),
  ],
);
