import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';
import type { z } from 'zod';
import { messages } from '@app/contracts';
import type { RouteAccess } from './request-context';

/**
 * What the OpenAPI document says beyond each route's zod schemas, all derived from the route's
 * declared `config`: who may call it (bearer scheme, an API client's abilities, `business` header), the errors it can answer,
 * and the body of routes that read their body themselves (multipart uploads, bodies a service parses).
 */

/** A body the route reads itself: the document shows this schema (as multipart for uploads) instead of what Fastify validates. */
export type DocumentedBody = { schema: z.ZodType; multipart?: boolean };

declare module 'fastify' {
  interface FastifyContextConfig {
    documentedBody?: DocumentedBody;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Marks each operation with the errors it can give; `documentErrorResponses` turns the mark into references. */
const ERRORS_KEY = 'x-error-responses';

const ERROR_RESPONSES = {
  '401': { name: 'Unauthenticated', description: 'No valid session or bearer token.' },
  '403': { name: 'Forbidden', description: 'Signed in, but not allowed: unverified email, missing `business` header or ability, or a feature the business’s plan does not include (`required_plan`).' },
  '404': { name: 'NotFound', description: 'No such record in the selected business, or no tenant at this host.' },
  '419': { name: 'CsrfMismatch', description: `A session request without the matching X-XSRF-TOKEN header (${messages.csrfMismatch}).` },
  '422': { name: 'ValidationFailed', description: 'The request is invalid: `errors` lists the messages of each field.' },
  '429': { name: 'TooManyAttempts', description: 'Too many attempts (sign-in, codes, lookups, mail); `Retry-After` says when to try again.' },
  '500': { name: 'ServerError', description: 'An unexpected failure.' },
} as const;
type ErrorStatus = keyof typeof ERROR_RESPONSES;

const businessHeaderSchema = {
  type: 'object',
  properties: { business: { type: 'string', format: 'uuid', description: 'The id of the selected business: one of the caller’s memberships.' } },
  required: ['business'],
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const needsBusiness = (access: RouteAccess) => 'member' in access || ('ability' in access && access.scope === 'business');

/** The name of the OAuth 2.0 client-credentials scheme (api-docs.ts): an API client's token, whose scopes are abilities. */
export const API_CLIENT_SCHEME = 'apiClient';

/**
 * Who may call a signed-in route: a personal token or the browser session always; an API client's
 * token when it holds the route's abilities (each one of an any-of check is a way in, an all-of
 * check needs them all), or for any member route. The account routes (`authenticated`) refuse API
 * clients, so they do not list the scheme.
 */
function securityOf(access: Exclude<RouteAccess, { public: true }>): Record<string, string[]>[] {
  const bearer = { bearer: [] }, session = { session: [] };
  if ('authenticated' in access) return [bearer, session];
  if ('member' in access) return [bearer, { [API_CLIENT_SCHEME]: [] }, session];
  const check = access.ability;
  const clients = typeof check === 'string' ? [[check]] : 'all' in check ? [[...check.all]] : check.map((name) => [name]);
  return [bearer, ...clients.map((scopes) => ({ [API_CLIENT_SCHEME]: scopes })), session];
}

function errorsOf(access: RouteAccess, method: string, csrf: boolean, takesInput: boolean): ErrorStatus[] {
  const errors: ErrorStatus[] = [];
  if (!('public' in access)) errors.push('401', '403');
  // Every route answers 404 at a host that names no tenant.
  errors.push('404');
  if (UNSAFE.has(method) && csrf) errors.push('419');
  if (takesInput) errors.push('422');
  errors.push('429', '500');
  return errors;
}

/** jsonSchemaTransform, then the access, errors and documented body of the route's `config`. */
export const documentOperation: SwaggerTransform = (input) => {
  const config = input.route.config;
  const documented = config?.documentedBody;
  const source: FastifySchema = documented ? { ...input.schema, body: documented.schema } : input.schema;
  const result = jsonSchemaTransform({ ...input, schema: source });
  const access = config?.access;
  if (!access || !result.schema || 'hide' in result.schema) return result;
  const schema: Record<string, unknown> = { ...result.schema };
  // A 204 has no body: `type: 'null'` is what @fastify/swagger leaves without content (the 3.0 target spells null otherwise).
  if (isRecord(schema.response) && '204' in schema.response) schema.response = { ...schema.response, '204': { type: 'null', description: 'No content' } };
  if (documented?.multipart) schema.consumes = ['multipart/form-data'];
  if (!('public' in access)) schema.security = securityOf(access);
  if (needsBusiness(access)) schema.headers = businessHeaderSchema;
  const takesInput = Boolean(source?.body ?? source?.querystring ?? source?.params ?? documented);
  const methods = [input.route.method].flat();
  schema[ERRORS_KEY] = errorsOf(access, methods[0] ?? 'GET', config.csrf !== false, takesInput);
  return { ...result, schema };
};

const errorBody: OpenAPIV3.SchemaObject = { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] };
/** A 403 may also name the cheapest plan with the feature the business's plan lacks. */
const forbiddenBody: OpenAPIV3.SchemaObject = { ...errorBody, properties: { ...errorBody.properties, required_plan: { type: 'string', description: 'The cheapest plan that includes the feature the route needs.' } } };
const validationErrorBody: OpenAPIV3.SchemaObject = {
  type: 'object',
  properties: { message: { type: 'string' }, errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } } },
  required: ['message', 'errors'],
};

function errorComponent(status: ErrorStatus): OpenAPIV3.ResponseObject {
  const { description } = ERROR_RESPONSES[status];
  const response: OpenAPIV3.ResponseObject = { description, content: { 'application/json': { schema: status === '422' ? validationErrorBody : status === '403' ? forbiddenBody : errorBody } } };
  if (status === '429') response.headers = { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } };
  return response;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const isErrorStatus = (value: unknown): value is ErrorStatus => typeof value === 'string' && value in ERROR_RESPONSES;

/** The shared error responses as components, referenced from each operation marked by `documentOperation`. */
export const documentErrorResponses: SwaggerTransformObject = (document) => {
  // The server is always described as OpenAPI 3 (registerApiDocs), never as Swagger 2.
  if (!('openapiObject' in document)) return document.swaggerObject;
  const { openapiObject } = document;
  const statuses = Object.keys(ERROR_RESPONSES).filter(isErrorStatus);
  const responses: Record<string, OpenAPIV3.ResponseObject> = Object.fromEntries(statuses.map((status) => [ERROR_RESPONSES[status].name, errorComponent(status)]));
  for (const item of Object.values(openapiObject.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item?.[method];
      if (!operation || !(ERRORS_KEY in operation)) continue;
      const marked = operation[ERRORS_KEY];
      Reflect.deleteProperty(operation, ERRORS_KEY);
      const errors = Array.isArray(marked) ? marked.filter(isErrorStatus) : [];
      for (const status of errors) operation.responses = { ...operation.responses, [status]: { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` } };
    }
  }
  openapiObject.components ??= {};
  openapiObject.components.responses ??= {};
  Object.assign(openapiObject.components.responses, responses);
  return openapiObject;
};
