import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, numeric, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

/** Landlord tables: not tenant-owned, readable by the app role, written only by tenant management. */
export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  isLandlord: boolean('is_landlord').notNull().default(false),
  pageTitle: text('page_title'),
  heading: text('heading'),
  description: text('description'),
  themeColor: text('theme_color').notNull().default('#4f46e5'),
  font: text('font'),
  copyrightText: text('copyright_text'),
  loginLogo: text('login_logo'),
  dashboardLogo: text('dashboard_logo'),
  supportEmail: text('support_email'),
  allowBusinessSignup: boolean('allow_business_signup').notNull().default(true),
  forceCustomerSignup: boolean('force_customer_signup').notNull().default(false),
  userManagement: boolean('user_management').notNull().default(true),
  partialPayments: boolean('partial_payments').notNull().default(true),
  estimatePayments: boolean('estimate_payments').notNull().default(false),
  standalone: boolean('standalone').notNull().default(false),
  landingUrl: text('landing_url'),
  platformModel: text('platform_model'),
  tenancyDbName: text('tenancy_db_name'),
  cashAdvanceTitle: text('cash_advance_title'),
  cashAdvanceDescription: text('cash_advance_description'),
  /** Provider settings; fields named *Secret hold SecretBox-sealed values, never returned. */
  paymentProviderKey: text('payment_provider_key'),
  paymentProviderSecret: text('payment_provider_secret'),
  paymentProviderWebhookSecret: text('payment_provider_webhook_secret'),
  paymentProviderAccountId: text('payment_provider_account_id'),
  /** The platform's fee on every online payment, taken as the provider's application fee: a percent (4 decimals) plus fixed minor units; none by default. */
  platformFeePercent: numeric('platform_fee_percent', { precision: 7, scale: 4 }).notNull().default('0'),
  platformFeeFixed: integer('platform_fee_fixed').notNull().default(0),
  financingProviderUrl: text('financing_provider_url'),
  financingProviderSecret: text('financing_provider_secret'),
  financingProductIds: jsonb('financing_product_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  bankLinkClientId: text('bank_link_client_id'),
  bankLinkSecret: text('bank_link_secret'),
  bankLinkEnvironment: text('bank_link_environment'),
  settings: jsonb('settings').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A tenant's domains in the order entered: position 0 is the primary domain, the one links use. */
export const tenantDomains = pgTable(
  'tenant_domains',
  {
    domain: text('domain').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('tenant_domains_tenant_position_unique').on(t.tenantId, t.position)],
);
