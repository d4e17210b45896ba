import type { OpenAPIV3 } from 'openapi-types';
import { z } from 'zod';
import { webhookEnvelopeSchema, webhookEventCatalogue, webhookEventTypes } from '@app/contracts';

/** `invoice.partially_paid` → `WebhookEvent.invoice.partially_paid`: a component name OpenAPI 3.0 accepts. */
export const webhookEventComponentName = (type: string) => `WebhookEvent.${type}`;

const signatureHeaders: Record<string, OpenAPIV3.HeaderObject> = {
  'webhook-id': { description: 'The event id: the same on every attempt and replay (deduplicate on it).', schema: { type: 'string' } },
  'webhook-timestamp': { description: 'When this attempt was signed, in Unix seconds.', schema: { type: 'string' } },
  'webhook-signature': { description: 'Standard Webhooks: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, several separated by spaces while a secret rotation overlaps.', schema: { type: 'string' } },
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSchemaObject(value: unknown): value is OpenAPIV3.SchemaObject {
  return isRecord(value);
}

/** One event's body as JSON Schema (OpenAPI 3.0): the envelope with that event's `type` and `data`. */
function bodySchema(type: (typeof webhookEventTypes)[number]): OpenAPIV3.SchemaObject {
  const body = webhookEnvelopeSchema.extend({ type: z.literal(type), data: webhookEventCatalogue[type].data });
  const schema: unknown = z.toJSONSchema(body, { target: 'openapi-3.0', io: 'output' });
  if (!isSchemaObject(schema)) throw new Error(`The ${type} payload has no JSON Schema`);
  return { ...schema, description: webhookEventCatalogue[type].description };
}

/**
 * The outgoing events in the API description: each event's body as a component schema, and
 * `x-webhooks` (OpenAPI 3.1's `webhooks`, for this 3.0 document) naming the request a webhook
 * endpoint receives for each, so a receiver can be generated from the same document.
 */
export function documentWebhookEvents<Document extends object>(document: Document): Document {
  const declared: unknown = Reflect.get(document, 'components');
  const components: Record<string, unknown> = isRecord(declared) ? declared : {};
  const schemas: Record<string, unknown> = isRecord(components.schemas) ? components.schemas : {};
  const operations: Record<string, { post: OpenAPIV3.OperationObject }> = {};
  for (const type of webhookEventTypes) {
    schemas[webhookEventComponentName(type)] = bodySchema(type);
    operations[type] = {
      post: {
        summary: webhookEventCatalogue[type].description,
        operationId: `webhook.${type}`,
        parameters: Object.entries(signatureHeaders).map(([name, header]) => ({ name, in: 'header', required: true, ...header })),
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${webhookEventComponentName(type)}` } } } },
        responses: { '2XX': { description: 'Received. Any other answer, or none within the timeout, is retried on the schedule.' } },
      },
    };
  }
  Reflect.set(document, 'components', { ...components, schemas });
  Reflect.set(document, 'x-webhooks', operations);
  return document;
}
