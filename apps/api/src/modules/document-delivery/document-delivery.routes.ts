import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataResponse,
  documentEmailPreviewSchema,
  documentStatusResponseSchema,
  type EstimateResource,
  estimateResourceSchema,
  fileResponse,
  idParamsSchema,
  type InvoiceResource,
  invoiceResourceSchema,
  publicDocumentSchema,
  publicLinkResponseSchema,
  publicPaymentSchema,
  rejectDocumentRequestSchema,
  satisfies,
  sendDocumentEmailRequestSchema,
  sentDocumentResponse,
  type SentMail,
  tokenParamsSchema,
} from '@app/contracts';
import type { RateLimitRule } from '../../platform/app-context';
import { businessScope } from '../../platform/business-scope';
import { AppError } from '../../platform/errors';
import { auditActor, requestMeta } from '../../platform/http';
import { type FloodLimit, floodSubjects } from '../../platform/flood-limit';
import type { EstimateService } from '../estimates/estimates.service';
import type { DeliverableDocument, DeliveryKind } from './delivery-adapter';
import type { DeliveryRequest, DocumentDelivery, RenderedPdf } from './document-delivery.service';
import type { DocumentPublicView } from './invoice-delivery';

/** Public tokens are unguessable; the per-IP limit keeps anyone from trying many. */
export const PUBLIC_LINK_RATE_LIMIT: RateLimitRule = { max: 60, windowMs: 60_000 };

type Server = Parameters<FastifyPluginAsyncZod>[0];

const params = idParamsSchema;
const tokenParams = tokenParamsSchema;
const access = (ability: string) => ({ access: { ability, scope: 'business' as const } });
const PUBLIC = { access: { public: true } } as const;
/** A public link is a bearer credential to a customer's documents: answers that carry one stay out of the API log. */
const PUBLIC_WITH_LINK = { ...PUBLIC, sensitiveResponse: true } as const;

export function deliveryRequest(request: FastifyRequest): DeliveryRequest {
  return { origin: requestMeta(request).origin, userEmail: request.ctx.user?.email ?? null };
}

/**
 * For POST/PUT with send_invoice (send_estimate): refuses before saving when the caller may not send
 * or the customer has no address, saves, then sends the previewed mail.
 */
export async function saveAndSend<Document extends DeliverableDocument>(
  delivery: DocumentDelivery<Document>,
  request: FastifyRequest,
  send: { wanted: boolean; customerId: string },
  save: () => Promise<Document>,
): Promise<{ data: Document; mail?: SentMail }> {
  if (send.wanted) {
    if (!satisfies(request.ctx.business?.abilities ?? [], `send-${delivery.kind}`)) throw AppError.forbidden();
    await delivery.checkRecipient(businessScope(request), send.customerId);
  }
  const saved = await save();
  return send.wanted ? delivery.sendWithDefaults(auditActor(request), businessScope(request), saved.id, deliveryRequest(request)) : { data: saved };
}

const pdfResponse = { 200: fileResponse(['application/pdf'], 'The document as PDF') };

function sendPdf(reply: FastifyReply, pdf: RenderedPdf) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${pdf.filename}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(pdf.bytes);
}

/** One kind's routes: its delivery core, the schema of its resource and of its public page. */
export type KindRoutes<Document extends DeliverableDocument, View> = {
  kind: DeliveryKind;
  plural: 'invoices' | 'estimates' | 'payments';
  delivery: DocumentDelivery<Document, View>;
  resourceSchema: z.ZodType<Document>;
};

/** PDF, mail preview and send, and new public links of one kind; `view-{kind}` reads, `send-{kind}` sends. */
export function privateDeliveryRoutes<Document extends DeliverableDocument, View>(server: Server, { kind, plural, delivery, resourceSchema }: KindRoutes<Document, View>) {
  server.get(`/${plural}/:id/pdf`, { config: access(`view-${kind}`), schema: { params, response: pdfResponse } }, async (request, reply) => sendPdf(reply, await delivery.pdf(businessScope(request), request.params.id)));

  server.get(`/${plural}/:id/preview-email`, { config: access(`send-${kind}`), schema: { params, response: { 200: dataResponse(documentEmailPreviewSchema) } } }, async (request) => ({
    data: await delivery.previewEmail(businessScope(request), request.params.id, deliveryRequest(request)),
  }));

  server.post(
    `/${plural}/:id/send-email`,
    { config: access(`send-${kind}`), schema: { params, body: sendDocumentEmailRequestSchema, response: { 200: sentDocumentResponse(resourceSchema) } } },
    async (request) => delivery.sendEmail(auditActor(request), businessScope(request), request.params.id, request.body, deliveryRequest(request)),
  );

  server.post(`/${plural}/:id/links`, { config: { ...access(`send-${kind}`), sensitiveResponse: true }, schema: { params, response: { 200: publicLinkResponseSchema } } }, async (request) =>
    delivery.createLink(auditActor(request), businessScope(request), request.params.id, deliveryRequest(request)),
  );
}

/** Every kind's public page: an invoice or estimate, or a payment receipt. */
const publicPageSchema = z.union([publicDocumentSchema, publicPaymentSchema]);

type PublicKind = {
  plural: KindRoutes<DeliverableDocument, unknown>['plural'];
  delivery: { publicDocument(tenantId: string, token: string): Promise<z.output<typeof publicPageSchema>>; publicPdf(tenantId: string, token: string): Promise<RenderedPdf> };
};

function publicDocumentRoutes(server: Server, { plural, delivery }: PublicKind) {
  server.get(`/public/${plural}/:token`, { config: PUBLIC_WITH_LINK, schema: { params: tokenParams, response: { 200: publicPageSchema } } }, async (request) =>
    delivery.publicDocument(request.ctx.tenant.id, request.params.token),
  );
  server.get(`/public/${plural}/:token/pdf`, { config: PUBLIC, schema: { params: tokenParams, response: pdfResponse } }, async (request, reply) =>
    sendPdf(reply, await delivery.publicPdf(request.ctx.tenant.id, request.params.token)),
  );
}

/**
 * The public page and PDF of one or more kinds, behind the per-address limit: every request
 * counts, a wrong token included, since that is what guessing looks like.
 */
export function publicDeliveryRoutes(limiter: FloodLimit, register: (publicScope: Server) => void): FastifyPluginAsyncZod {
  return async (publicScope) => {
    publicScope.addHook('onRequest', async (request) => limiter.hit(floodSubjects.publicLink(request.ip), PUBLIC_LINK_RATE_LIMIT));
    register(publicScope);
  };
}

/** The public page and PDF of one kind, rate limited. */
export function publicKindRoutes(limiter: FloodLimit, kind: PublicKind): FastifyPluginAsyncZod {
  return publicDeliveryRoutes(limiter, (publicScope) => publicDocumentRoutes(publicScope, kind));
}

export type DocumentDeliveryRoutesOptions = {
  invoices: DocumentDelivery<InvoiceResource, DocumentPublicView>;
  estimates: DocumentDelivery<EstimateResource, DocumentPublicView>;
  /** The estimate's own transitions for the public approve and reject buttons. */
  estimateDecisions: Pick<EstimateService, 'approveFromLink' | 'rejectFromLink'>;
  limiter: FloodLimit;
};

export const documentDeliveryRoutes: FastifyPluginAsyncZod<DocumentDeliveryRoutesOptions> = async (server, { invoices, estimates, estimateDecisions, limiter }) => {
  const invoiceRoutes: KindRoutes<InvoiceResource, DocumentPublicView> = { kind: 'invoice', plural: 'invoices', delivery: invoices, resourceSchema: invoiceResourceSchema };
  const estimateRoutes: KindRoutes<EstimateResource, DocumentPublicView> = { kind: 'estimate', plural: 'estimates', delivery: estimates, resourceSchema: estimateResourceSchema };
  privateDeliveryRoutes(server, invoiceRoutes);
  privateDeliveryRoutes(server, estimateRoutes);

  const publicRoutes = publicDeliveryRoutes(limiter, (publicScope) => {
    publicDocumentRoutes(publicScope, invoiceRoutes);
    publicDocumentRoutes(publicScope, estimateRoutes);

    const decided = { 200: documentStatusResponseSchema };
    publicScope.post('/public/estimates/:token/approve', { config: PUBLIC, schema: { params: tokenParams, response: decided } }, async (request) => {
      const tenantId = request.ctx.tenant.id;
      return { status: (await estimateDecisions.approveFromLink(tenantId, await estimates.publicDocumentId(tenantId, request.params.token))).status };
    });
    publicScope.post('/public/estimates/:token/reject', { config: PUBLIC, schema: { params: tokenParams, body: rejectDocumentRequestSchema, response: decided } }, async (request) => {
      const tenantId = request.ctx.tenant.id;
      const id = await estimates.publicDocumentId(tenantId, request.params.token);
      return { status: (await estimateDecisions.rejectFromLink(tenantId, id, request.body.reason ?? null)).status };
    });
  });
  await server.register(publicRoutes);
};
