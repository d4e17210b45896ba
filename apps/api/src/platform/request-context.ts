import type { FastifyRequest } from 'fastify';
import type { AbilityCheck, AbilityScope, PlanFeature } from '@app/contracts';
import type { businesses, users } from '../db/schema';
import { AppError } from './errors';

export type TenantRecord = {
  id: string;
  name: string;
  isLandlord: boolean;
  /** scheme://primary-domain[:port] from configuration: every link the app mails starts with it. */
  origin: string;
  pageTitle: string | null;
  heading: string | null;
  description: string | null;
  themeColor: string;
  font: string | null;
  copyrightText: string | null;
  loginLogo: string | null;
  dashboardLogo: string | null;
  allowBusinessSignup: boolean;
  forceCustomerSignup: boolean;
  userManagement: boolean;
  partialPayments: boolean;
  estimatePayments: boolean;
  standalone: boolean;
  supportEmail: string | null;
  landingUrl: string | null;
  /** Which provider sections of the tenant form are filled in (their secrets stay sealed in the table). */
  connected: { paymentProvider: boolean; financingProvider: boolean; bankLink: boolean };
  /** The payment provider's publishable key (`pk_…`, public by design) when the provider is connected, else null. */
  paymentProviderPublicKey: string | null;
};

export type AuthenticatedUser = {
  id: string;
  name: string;
  email: string;
  status: 'invited' | 'active' | 'disabled';
  isPlatformUser: boolean;
  platformAbilities: string[];
  emailVerified: boolean;
  /** The user's row as loaded while authenticating this request (no second read for /me). */
  row: typeof users.$inferSelect;
};

export type SelectedBusiness = {
  id: string;
  abilities: string[];
  isOwner: boolean;
  /** The business row as loaded with the membership, in this request. */
  row: typeof businesses.$inferSelect;
  /** The features of the business's plan; null when the tenant sells no plans (nothing is gated). */
  planFeatures: readonly string[] | null;
};

export type SessionRecord = { id: string; csrfToken: string; userId: string | null; pendingUserId: string | null; pendingRemember: boolean; passwordConfirmedAt: Date | null };

/** The API client whose client-credentials token made the request. */
export type CallingApiClient = { id: string; name: string };

export type RequestContext = {
  tenant: TenantRecord;
  session: SessionRecord | null;
  /**
   * The caller. For an API client (`via: 'client'`) the admin who registered it, with the
   * abilities (platform and business) narrowed to those the client was given.
   */
  user: AuthenticatedUser | null;
  via: 'session' | 'token' | 'client' | null;
  tokenId: string | null;
  apiClient: CallingApiClient | null;
  business: SelectedBusiness | null;
};

/**
 * What a route allows: anyone, any signed-in user, any member of the selected business, or an
 * ability in a scope. Business-scope and member routes also require the `business` header to name
 * one of the user's memberships. `ownerOnly` business routes (ownership transfer) also require the
 * caller to own that business; `landlordOnly` platform routes (tenant management) require the
 * request's tenant to be the landlord. A business route that needs a plan `feature` also requires
 * the business's plan to include it.
 */
export type RouteAccess =
  | { public: true }
  | { authenticated: true; allowUnverified?: boolean }
  | { member: true; feature?: PlanFeature }
  | { ability: AbilityCheck; scope: AbilityScope; ownerOnly?: boolean; landlordOnly?: boolean; feature?: PlanFeature };

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
    rateLimitGroup?: string;
  }
}

export function requireUser(request: FastifyRequest): AuthenticatedUser {
  const user = request.ctx.user;
  if (!user) throw AppError.unauthenticated();
  return user;
}

export function requireBusiness(request: FastifyRequest): SelectedBusiness {
  const business = request.ctx.business;
  if (!business) throw AppError.forbidden();
  return business;
}
