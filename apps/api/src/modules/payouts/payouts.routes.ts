import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  PAYOUT_DOCUMENT_MAX_BYTES,
  bankLinkExchangeRequestSchema,
  bankLinkTokenSchema,
  dataResponse,
  messages,
  onboardingTokenParamsSchema,
  payoutDocumentKinds,
  payoutDocumentUploadBody,
  payoutOnboardingLinkSchema,
  payoutOnboardingSchema,
  payoutStepRequestSchema,
} from '@app/contracts';
import { type BusinessScope, businessScope } from '../../platform/business-scope';
import { AppError } from '../../platform/errors';
import { requestMeta } from '../../platform/http';
import { requireUser } from '../../platform/request-context';
import type { PayoutService } from './payouts.service';

/** Payouts are business settings (spec section 2, settings → payouts): the owner holds every ability. */
/** Taking payments online starts with a payout account: a plan feature. */
const manage = { access: { ability: 'manage-business-settings', scope: 'business' as const, feature: 'online-payments' as const } };
const PUBLIC = { access: { public: true } } as const;
const onboarding = { 200: dataResponse(payoutOnboardingSchema) };

/** The one identity or ownership document of a multipart request, named by its field. */
async function readDocument(request: FastifyRequest) {
  const file = await request.file({ limits: { fileSize: PAYOUT_DOCUMENT_MAX_BYTES, files: 1 } });
  if (!file) throw AppError.validation('identity_document', messages.required);
  const kind = payoutDocumentKinds.find((k) => k === file.fieldname);
  if (!kind) throw AppError.validation('identity_document', messages.required);
  let data: Buffer;
  try {
    data = await file.toBuffer();
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') throw AppError.validation(kind, 'The document may not be greater than 10 MB.');
    throw error;
  }
  if (file.file.truncated) throw AppError.validation(kind, 'The document may not be greater than 10 MB.');
  return { kind, file: { name: file.filename, data } };
}

/** The wizard's calls for one business, shared by the signed-in routes and the public link. */
function wizardRoutes(server: Parameters<FastifyPluginAsyncZod>[0], payouts: PayoutService, prefix: string, scopeOf: (request: FastifyRequest) => Promise<BusinessScope>, config: object) {
  const params = prefix.includes(':token') ? { params: onboardingTokenParamsSchema } : {};
  server.get(`${prefix}/onboarding/requirements`, { config, schema: { ...params, response: onboarding } }, async (request) => ({ data: await payouts.overview(await scopeOf(request)) }));
  server.post(`${prefix}/onboarding/requirements`, { config, schema: { ...params, body: payoutStepRequestSchema, response: onboarding } }, async (request) => ({
    data: await payouts.submitStep(await scopeOf(request), request.body, requestMeta(request)),
  }));
  server.post(`${prefix}/onboarding/refresh-account`, { config, schema: { ...params, response: onboarding } }, async (request) => ({ data: await payouts.refresh(await scopeOf(request)) }));
  server.post(`${prefix}/onboarding/upload-documents`, { config: { ...config, documentedBody: { schema: payoutDocumentUploadBody, multipart: true } }, schema: { ...params, response: onboarding } }, async (request) => {
    const scope = await scopeOf(request);
    const { kind, file } = await readDocument(request);
    return { data: await payouts.uploadDocument(scope, kind, file) };
  });
  server.post(`${prefix}/onboarding/bank-link-token`, { config: { ...config, sensitiveResponse: true }, schema: { ...params, response: { 200: dataResponse(bankLinkTokenSchema) } } }, async (request) => ({
    data: await payouts.bankLinkToken(await scopeOf(request), request.ctx.tenant.name),
  }));
  server.post(`${prefix}/onboarding/bank-link-exchange`, { config, schema: { ...params, body: bankLinkExchangeRequestSchema, response: onboarding } }, async (request) => ({
    data: await payouts.exchangeBankLink(await scopeOf(request), request.body),
  }));
}

export const payoutRoutes: FastifyPluginAsyncZod<{ payouts: PayoutService }> = async (server, { payouts }) => {
  const signedIn = async (request: FastifyRequest) => businessScope(request);
  wizardRoutes(server, payouts, '/business', signedIn, manage);
  server.get('/business/stripe-account', { config: manage, schema: { response: onboarding } }, async (request) => ({ data: await payouts.overview(businessScope(request)) }));
  server.post('/business/onboarding/link', { config: { access: { ...manage.access, ownerOnly: true }, sensitiveResponse: true }, schema: { response: { 201: dataResponse(payoutOnboardingLinkSchema) } } }, async (request, reply) =>
    reply.status(201).send({ data: await payouts.createOnboardingLink(businessScope(request), requireUser(request).id, request.ctx.tenant.origin) }),
  );

  /** `/public/onboarding/{token}`: the same calls, for the one business the link was made for, without signing in. */
  const byLink = async (request: FastifyRequest) => {
    const parsed = onboardingTokenParamsSchema.safeParse(request.params);
    if (!parsed.success) throw AppError.notFound();
    return payouts.scopeOfLink(request.ctx.tenant.id, parsed.data.token);
  };
  wizardRoutes(server, payouts, '/public/onboarding/:token', byLink, PUBLIC);
};
