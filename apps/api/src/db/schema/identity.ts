import { sql } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenancy';

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    firstName: text('first_name'),
    email: text('email').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash'),
    avatar: text('avatar'),
    language: text('language').notNull().default('en'),
    isPlatformUser: boolean('is_platform_user').notNull().default(false),
    platformRoleId: uuid('platform_role_id'),
    status: text('status', { enum: ['invited', 'active', 'disabled'] }).notNull().default('active'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    twoFactorSecret: text('two_factor_secret'),
    twoFactorConfirmedAt: timestamp('two_factor_confirmed_at', { withTimezone: true }),
    twoFactorLastStep: integer('two_factor_last_step'),
    twoFactorRecoveryCodes: jsonb('two_factor_recovery_codes').$type<string[]>(),
    settings: jsonb('settings').$type<Record<string, string | null>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // Email first: an index leading with tenant_id beside the primary key lets a plan cached while
    // the table was small (a foreign key's check) take it and filter every user of the tenant.
    uniqueIndex('users_email_tenant_unique').on(sql`lower(${t.email})`, t.tenantId),
    foreignKey({ columns: [t.tenantId, t.platformRoleId], foreignColumns: [roles.tenantId, roles.id], name: 'users_platform_role_fk' }),
  ],
);

export const businesses = pgTable(
  'businesses',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    email: text('email'),
    phone: text('phone'),
    logo: text('logo'),
    businessType: text('business_type').notNull().default('company'),
    businessStructure: text('business_structure').notNull().default('private_corporation'),
    isCustomer: boolean('is_customer').notNull().default(true),
    isVendor: boolean('is_vendor').notNull().default(true),
    currencyId: integer('currency_id').notNull().default(1),
    contactFirstName: text('contact_first_name'),
    contactLastName: text('contact_last_name'),
    website: text('website'),
    billingAddress: jsonb('billing_address').$type<Record<string, string | number | null>>(),
    shippingAddress: jsonb('shipping_address').$type<Record<string, string | number | null>>(),
    /** Bank details; the account number is kept sealed with only its last four digits readable. */
    bankInfo: jsonb('bank_info').$type<Record<string, string | null>>(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    /** The business's plan; null: the tenant's default plan (migration 0051). */
    planId: uuid('plan_id'),
    /** Whom the platform bills for the plan (settings → billing information). */
    billingContactName: text('billing_contact_name'),
    billingContactEmail: text('billing_contact_email'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('businesses_tenant_slug_unique').on(t.tenantId, t.slug),
    foreignKey({ columns: [t.tenantId, t.planId], foreignColumns: [plans.tenantId, plans.id], name: 'businesses_plan_fk' }),
    index('businesses_plan_idx').on(t.tenantId, t.planId),
  ],
);

/**
 * A plan the tenant sells (migration 0051): a price per interval and the features it includes
 * (`planFeatures` in the contracts). While a tenant has plans, exactly one is its default, the
 * plan of every business that has not picked one.
 */
export const plans = pgTable(
  'plans',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    price: bigint('price', { mode: 'number' }).notNull(),
    currencyId: integer('currency_id').notNull(),
    interval: text('interval', { enum: ['month', 'year'] }).notNull(),
    features: jsonb('features').$type<string[]>().notNull(),
    maxTeamUsers: integer('max_team_users'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('plans_tenant_name_unique').on(t.tenantId, sql`lower(${t.name})`),
    uniqueIndex('plans_one_default_idx').on(t.tenantId).where(sql`is_default`),
    check('plans_price_not_negative', sql`${t.price} >= 0`),
    check('plans_max_team_users_positive', sql`${t.maxTeamUsers} IS NULL OR ${t.maxTeamUsers} > 0`),
  ],
);

export const roles = pgTable(
  'roles',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    businessId: uuid('business_id'),
    scope: text('scope', { enum: ['business', 'platform'] }).notNull(),
    name: text('name').notNull(),
    description: text('description'),
    abilities: jsonb('abilities').$type<string[]>().notNull(),
    isSystem: boolean('is_system').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('roles_tenant_business_name_unique').on(t.tenantId, t.businessId, t.name).nullsNotDistinct(),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'roles_business_fk' }).onDelete('cascade'),
  ],
);

export const businessUsers = pgTable(
  'business_users',
  {
    tenantId: tenantId(),
    businessId: uuid('business_id').notNull(),
    userId: uuid('user_id').notNull(),
    roleId: uuid('role_id').notNull(),
    isOwner: boolean('is_owner').notNull().default(false),
    status: text('status', { enum: ['invited', 'active', 'disabled'] }).notNull().default('active'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.businessId, t.userId] }),
    index('business_users_user_idx').on(t.tenantId, t.userId),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'business_users_business_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id], name: 'business_users_user_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id], name: 'business_users_role_fk' }),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    tenantId: tenantId(),
    id: text('id').notNull(),
    userId: uuid('user_id'),
    pendingUserId: uuid('pending_user_id'),
    pendingRemember: boolean('pending_remember').notNull().default(false),
    csrfToken: text('csrf_token').notNull(),
    remember: boolean('remember').notNull().default(false),
    passwordConfirmedAt: timestamp('password_confirmed_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('sessions_user_idx').on(t.tenantId, t.userId),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id], name: 'sessions_user_fk' }).onDelete('cascade'),
  ],
);

export const accessTokens = pgTable(
  'access_tokens',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    userId: uuid('user_id').notNull(),
    kind: text('kind', { enum: ['personal', 'device'] }).notNull(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** Every token expires: device tokens after 30 days, personal ones within the tenant's maximum lifetime. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('access_tokens_hash_unique').on(t.tenantId, t.tokenHash),
    index('access_tokens_user_idx').on(t.tenantId, t.userId),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id], name: 'access_tokens_user_fk' }).onDelete('cascade'),
  ],
);

/** Single-use links: password reset, email verification, invitations, address changes. Only the hash is stored. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    userId: uuid('user_id').notNull(),
    purpose: text('purpose', { enum: ['password-reset', 'email-verification', 'invitation', 'business-onboarding', 'email-change'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    businessId: uuid('business_id'),
    /** The new address an email-change link confirms (lower-cased); only email-change links have one. */
    email: text('email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('one_time_tokens_hash_unique').on(t.tenantId, t.tokenHash),
    index('one_time_tokens_user_purpose_idx').on(t.tenantId, t.userId, t.purpose),
    check('one_time_tokens_email_change_address', sql`(purpose = 'email-change') = (email IS NOT NULL)`),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id], name: 'one_time_tokens_user_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'one_time_tokens_business_fk' }).onDelete('cascade'),
  ],
);

/**
 * A sign-up waiting for its email address to be confirmed. Nothing else exists until then: the
 * account and its business are made when the link in the mail is opened, so a sign-up answers
 * the same whether or not the address already has an account. The token hash is set by the job
 * that writes the mail (only for an address without an account).
 */
export const pendingSignUps = pgTable(
  'pending_sign_ups',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    businessName: text('business_name').notNull(),
    businessType: text('business_type').notNull(),
    businessStructure: text('business_structure').notNull(),
    tokenHash: text('token_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('pending_sign_ups_token_unique').on(t.tenantId, t.tokenHash),
    index('pending_sign_ups_expiry_idx').on(t.expiresAt),
  ],
);

/**
 * API clients (OAuth 2.0 client credentials): registered by an admin, acting for that admin with at
 * most the abilities listed here, in one business or (business null) the platform scope. Only the
 * secret's hash is stored; `client_id` is public, random and unique in its tenant.
 */
export const apiClients = pgTable(
  'api_clients',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    clientId: text('client_id').notNull(),
    name: text('name').notNull(),
    secretHash: text('secret_hash').notNull(),
    userId: uuid('user_id').notNull(),
    businessId: uuid('business_id'),
    abilities: jsonb('abilities').$type<string[]>().notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('api_clients_client_id_unique').on(t.tenantId, t.clientId),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id], name: 'api_clients_user_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'api_clients_business_fk' }).onDelete('cascade'),
  ],
);

/** Short-lived bearer tokens issued to an API client; only the hash is stored. */
export const apiClientTokens = pgTable(
  'api_client_tokens',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    apiClientId: uuid('api_client_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The abilities asked for with `scope` at the grant (a subset of the client's); null: all of the client's. */
    scope: jsonb('scope').$type<string[]>(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('api_client_tokens_hash_unique').on(t.tenantId, t.tokenHash),
    index('api_client_tokens_expiry_idx').on(t.tenantId, t.expiresAt),
    foreignKey({ columns: [t.tenantId, t.apiClientId], foreignColumns: [apiClients.tenantId, apiClients.id], name: 'api_client_tokens_client_fk' }).onDelete('cascade'),
  ],
);

/**
 * Who a business's events are mailed to (settings → notifications, migration 0052): one row per
 * event the business chose addresses for; an event without a row mails nobody.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    tenantId: tenantId(),
    businessId: uuid('business_id').notNull(),
    event: text('event').notNull(),
    recipients: jsonb('recipients').$type<string[]>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.businessId, t.event] }),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'notification_settings_business_fk' }).onDelete('cascade'),
  ],
);
