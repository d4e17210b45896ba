import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The answer carries a secret (a TOTP secret, recovery codes, a bearer token, a public
     * document link): its body is never written to the API log.
     */
    sensitiveResponse?: boolean;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const NOT_TEXT = new Set(['boolean', 'number', 'integer', 'null']);
/**
 * Answer fields that hand out a secret. Narrower than the log's redaction names (`code` there
 * also covers currency and postal codes, which answers return all the time); names that say the
 * field is about a secret rather than the secret (`has_password`, `token_total_count`) are left out.
 */
const SECRET_FIELD = /password|secret|token|otpauth|recovery|api[_-]?key|private[_-]?key|signature/i;
const ABOUT_A_SECRET = /^has_|_last4$|_count$|_at$|_id$/;

/** Whether a JSON schema node can hold text: a string, a list of them, or anything at all. */
function holdsText(node: unknown): boolean {
  if (!isRecord(node)) return true;
  const type = node.type;
  const types = typeof type === 'string' ? [type] : Array.isArray(type) ? type : null;
  if (!types) return true;
  return types.some((t) => typeof t !== 'string' || !NOT_TEXT.has(t));
}

/** Names of the text fields, at any depth of a JSON schema, that are named like a secret. */
export function secretFieldNames(jsonSchema: unknown): string[] {
  const found = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (!isRecord(node)) return;
    const properties = node.properties;
    if (isRecord(properties)) {
      for (const [name, property] of Object.entries(properties)) if (SECRET_FIELD.test(name) && !ABOUT_A_SECRET.test(name) && holdsText(property)) found.add(name);
    }
    for (const value of Object.values(node)) visit(value);
  };
  visit(jsonSchema);
  return [...found];
}

function jsonSchemaOf(schema: unknown): unknown {
  return schema instanceof z.ZodType ? z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) : schema;
}

/** The secret-named fields a route's declared response schemas return, by status. */
export function secretResponseFields(route: Pick<RouteOptions, 'schema'>): string[] {
  const responses = route.schema?.response;
  if (!isRecord(responses)) return [];
  return [...new Set(Object.values(responses).flatMap((schema) => secretFieldNames(jsonSchemaOf(schema))))];
}

/**
 * A route whose response schema has a field named like a secret must declare
 * `config.sensitiveResponse`; one that does not is a start-up error, like a route without access.
 */
export function enforceSensitiveResponses(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.method === 'HEAD' || route.config?.sensitiveResponse === true) return;
    const fields = secretResponseFields(route);
    if (fields.length > 0) {
      throw new Error(`Route ${String(route.method)} ${route.url} returns ${fields.join(', ')}: declare config.sensitiveResponse so its answers stay out of the API log`);
    }
  });
}
