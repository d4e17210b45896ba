import fc from 'fast-check';
import { z } from 'zod';
import type { DeclaredRoute } from '../src/platform/pipeline';
import type { HttpMethod } from './harness';

/**
 * Requests generated from the API's own OpenAPI document (which the route contracts produce):
 * each field gets either a value its schema accepts or a hostile one of the kind an attacker or a
 * broken client sends (NUL, 10 KB, right-to-left text, emoji, lone surrogates, impossible dates,
 * integers beyond any column, wrong types), and bodies are sometimes replaced by hostile raw text
 * (nesting 5,000 deep, 20,000 entries, prototype keys, malformed, oversized).
 */

/** The part of an OpenAPI 3.0 schema object the contracts produce. */
export type JsonSchema = {
  type?: string | undefined;
  format?: string | undefined;
  enum?: unknown[] | undefined;
  nullable?: boolean | undefined;
  anyOf?: JsonSchema[] | undefined;
  oneOf?: JsonSchema[] | undefined;
  allOf?: JsonSchema[] | undefined;
  properties?: Record<string, JsonSchema> | undefined;
  required?: string[] | undefined;
  items?: JsonSchema | undefined;
  minimum?: number | undefined;
  maximum?: number | undefined;
  minLength?: number | undefined;
  maxLength?: number | undefined;
  minItems?: number | undefined;
  maxItems?: number | undefined;
  pattern?: string | undefined;
};

const jsonSchema: z.ZodType<JsonSchema> = z.lazy(() =>
  z.object({
    type: z.string().optional(),
    format: z.string().optional(),
    enum: z.array(z.unknown()).optional(),
    nullable: z.boolean().optional(),
    anyOf: z.array(jsonSchema).optional(),
    oneOf: z.array(jsonSchema).optional(),
    allOf: z.array(jsonSchema).optional(),
    properties: z.record(z.string(), jsonSchema).optional(),
    required: z.array(z.string()).optional(),
    items: jsonSchema.optional(),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    minLength: z.number().optional(),
    maxLength: z.number().optional(),
    minItems: z.number().optional(),
    maxItems: z.number().optional(),
    pattern: z.string().optional(),
  }),
);

const parameterSchema = z.object({ in: z.enum(['query', 'path', 'header', 'cookie']), name: z.string(), required: z.boolean().optional(), schema: jsonSchema });
const operationSchema = z.object({
  parameters: z.array(parameterSchema).optional(),
  requestBody: z.object({ content: z.record(z.string(), z.object({ schema: jsonSchema })) }).optional(),
});
const documentSchema = z.object({ paths: z.record(z.string(), z.record(z.string(), z.unknown())) });

export type Operation = { route: DeclaredRoute; query: z.infer<typeof parameterSchema>[]; path: Map<string, JsonSchema>; body: JsonSchema | null };

const PATH_PARAM = /:([A-Za-z_]+)/g;

/** Every declared route with the parameters and JSON body its OpenAPI operation describes. */
export function operationsOf(routes: readonly DeclaredRoute[], openApiDocument: unknown): Operation[] {
  const document = documentSchema.parse(openApiDocument);
  return routes.map((route) => {
    const described = document.paths[route.url.replace(PATH_PARAM, '{$1}')]?.[route.method.toLowerCase()];
    if (described === undefined) throw new Error(`${route.method} ${route.url} is missing from the OpenAPI document`);
    const operation = operationSchema.parse(described);
    const parameters = operation.parameters ?? [];
    return {
      route,
      query: parameters.filter((p) => p.in === 'query'),
      path: new Map(parameters.filter((p) => p.in === 'path').map((p) => [p.name, p.schema])),
      body: operation.requestBody?.content['application/json']?.schema ?? null,
    };
  });
}

export const HOSTILE_STRINGS: readonly string[] = [
  '\u0000',
  'before\u0000after',
  'x'.repeat(10_240),
  'مرحبا بالعالم',
  'שלום \u202eevil\u202c',
  '💸🧾👩‍👩‍👧‍👦',
  '\ud800',
  '',
  '   ',
  "'; drop table invoices; --",
  '<img src=x onerror=alert(1)>',
  '0000-00-00',
  '2026-02-30',
  '2026-13-45T25:61:00Z',
  '99999-12-31',
  '-1',
  '9'.repeat(40),
  'NaN',
  '1e400',
  '__proto__',
  '../../etc/passwd',
  '%00',
];

const HOSTILE_NUMBERS: readonly number[] = [0, -1, -0.5, 0.5, 2_147_483_647, 2_147_483_648, -2_147_483_649, 2 ** 53 + 2, 1e21, -1e308, Number.MAX_VALUE, Number.MIN_VALUE];

const WRONG_TYPES: readonly unknown[] = [null, true, [], {}, 'text', 12_345, [null], { nested: { deeper: ['x'] } }];

const DEEP = 5_000;
/** Raw request bodies no contract describes. */
export const HOSTILE_BODIES: readonly string[] = [
  '['.repeat(DEEP) + ']'.repeat(DEEP),
  '{"a":'.repeat(DEEP) + '1' + '}'.repeat(DEEP),
  JSON.stringify(Array.from({ length: 20_000 }, (_, i) => i)),
  '{"__proto__":{"is_admin":true}}',
  '{"constructor":{"prototype":{"is_admin":true}}}',
  '{"name":',
  '',
  '{"name":"\\u0000","email":"\\u0000@example.com"}',
  JSON.stringify({ name: 'x'.repeat(1_500_000) }),
];

/**
 * How values are drawn: `hostile` mixes hostile values into every field; without it every field is
 * one its schema accepts, so requests also get past validation into the services. `ids` are the
 * record ids a uuid field draws from.
 */
export type Draw = { hostile: boolean; ids: fc.Arbitrary<string> };

/**
 * The JSON form of some fields is a bare string or number (dates, decimal amounts checked by the
 * contracts' refinements): their names say what they hold, so well-formed requests use such values.
 */
const DATE_FIELD = /(^|_)date$/;
const AMOUNT_FIELD = /(^|_)(price|amount|discount|quantity|rate)$/;
const amount = fc.oneof(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: 99_999 }).map((n) => (n / 100).toFixed(2)));
const PERCENT_FIELD = /(^|_)percent$/;
const percent = fc.integer({ min: 0, max: 10_000 }).map((n) => (n / 100).toFixed(2));

/** A value of the schema (of the field `name`, when it is one). */
export function valueOf(schema: JsonSchema, draw: Draw, name = '', depth = 0): fc.Arbitrary<unknown> {
  const accepted = conforming(schema, draw, name, depth);
  return draw.hostile ? fc.oneof({ arbitrary: accepted, weight: 3 }, { arbitrary: hostileOf(schema), weight: 2 }) : accepted;
}

function conforming(schema: JsonSchema, draw: Draw, name: string, depth: number): fc.Arbitrary<unknown> {
  const base = conformingBase(schema, draw, name, depth);
  return schema.nullable ? fc.oneof({ arbitrary: fc.constant(null), weight: 1 }, { arbitrary: base, weight: 3 }) : base;
}

function conformingBase(schema: JsonSchema, draw: Draw, name: string, depth: number): fc.Arbitrary<unknown> {
  const scalar = schema.type !== 'object' && schema.type !== 'array' && schema.type !== 'boolean';
  if (scalar && AMOUNT_FIELD.test(name)) return amount;
  if (scalar && PERCENT_FIELD.test(name)) return percent;
  const alternatives = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (alternatives && alternatives.length > 0) return fc.oneof(...alternatives.map((s) => valueOf(s, draw, name, depth + 1)));
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  if (depth > 6) return fc.constant(null);
  switch (schema.type) {
    case 'string':
      return conformingString(schema, draw, name);
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -1_000_000, -(2 ** 31)), max: Math.min(schema.maximum ?? 1_000_000, 2 ** 31 - 1) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valueOf(schema.items ?? {}, draw, name, depth + 1), { minLength: schema.minItems ?? 0, maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)) });
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, valueOf(value, draw, key, depth + 1)]));
      // Well-formed objects carry every field: optional ones are often what lets a request succeed.
      return fc.record(model, draw.hostile ? { requiredKeys: (schema.required ?? []).filter((key) => key in properties) } : {});
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const isoDate = fc.date({ min: new Date('1990-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

function conformingString(schema: JsonSchema, draw: Draw, name: string): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.oneof({ arbitrary: draw.ids, weight: 3 }, { arbitrary: fc.uuid(), weight: 1 });
  if (schema.format === 'email' || name.endsWith('email')) return fc.emailAddress();
  if (schema.format === 'date' || DATE_FIELD.test(name)) return isoDate;
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // fast-check cannot generate from every pattern (lookaheads): hostile values still cover the field.
    }
  }
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40), unit: 'grapheme' });
}

function hostileOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  const limits = [schema.minimum, schema.maximum].filter((n) => n !== undefined).flatMap((n) => [n - 1, n + 1]);
  const oversize = schema.maxLength !== undefined ? ['y'.repeat(schema.maxLength + 1)] : [];
  if (schema.type === 'string') return fc.constantFrom(...HOSTILE_STRINGS, ...oversize, ...WRONG_TYPES);
  if (schema.type === 'integer' || schema.type === 'number') return fc.constantFrom(...HOSTILE_NUMBERS, ...limits, ...WRONG_TYPES, '12');
  return fc.constantFrom(...WRONG_TYPES, ...HOSTILE_STRINGS.slice(0, 3));
}

/** Percent-encodes any string, lone surrogates too (encodeURIComponent throws on them). */
export function encodeAny(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  }
}

/** How a generated value travels in a query string or a path segment. */
function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

const jsonText = (value: unknown): string => JSON.stringify(value) ?? 'null';

export type FuzzRequest = { method: HttpMethod; url: string; body: string | undefined };

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Requests for one operation: a third of them well-formed throughout (so they get past validation
 * into the services), the rest with hostile fields and sometimes a hostile raw body. Path
 * parameters are ids of records the caller owns (`knownIds`), random UUIDs, or (in hostile
 * requests) values from their schema and hostile text; so requests reach the records' code
 * paths, not only the not-found branch.
 */
export function requestsFor(operation: Operation, knownIds: readonly string[]): fc.Arbitrary<FuzzRequest> {
  const method = METHODS.find((m) => m === operation.route.method);
  if (!method) throw new Error(`No requests for ${operation.route.method} ${operation.route.url}`);
  const ids = knownIds.length > 0 ? fc.constantFrom(...knownIds) : fc.uuid();
  const requests = (hostile: boolean) => {
    const draw: Draw = { hostile, ids };
    const names = [...operation.route.url.matchAll(PATH_PARAM)].map((match) => match[1] ?? '');
    const pathArbitrary = fc.tuple(
      ...names.map((name) =>
        hostile
          ? fc.oneof({ arbitrary: ids, weight: 2 }, { arbitrary: fc.uuid(), weight: 1 }, { arbitrary: valueOf(operation.path.get(name) ?? { type: 'string' }, draw, name).map(textOf), weight: 3 })
          : fc.oneof({ arbitrary: ids, weight: 3 }, { arbitrary: fc.uuid(), weight: 1 }),
      ),
    );
    const queryArbitrary = fc.tuple(
      ...operation.query.map((parameter) => {
        const value = valueOf(parameter.schema, draw, parameter.name);
        return parameter.required ? value.map((v) => [v]) : fc.option(value, { nil: undefined }).map((v) => (v === undefined ? [] : [v]));
      }),
    );
    const bodyArbitrary: fc.Arbitrary<string | undefined> = !operation.body
      ? fc.constant(undefined)
      : hostile
        ? fc.oneof({ arbitrary: valueOf(operation.body, draw).map(jsonText), weight: 6 }, { arbitrary: fc.constantFrom(...HOSTILE_BODIES), weight: 1 })
        : valueOf(operation.body, draw).map(jsonText);
    return fc.tuple(pathArbitrary, queryArbitrary, bodyArbitrary).map(([pathValues, queryValues, body]): FuzzRequest => {
      let index = 0;
      const path = operation.route.url.replace(PATH_PARAM, () => encodeAny(pathValues[index++] ?? ''));
      const query = operation.query
        .flatMap((parameter, i) => (queryValues[i] ?? []).flatMap((value) => (Array.isArray(value) ? value : [value]).map((item) => `${encodeAny(parameter.name)}=${encodeAny(textOf(item))}`)))
        .join('&');
      return { method, url: query ? `${path}?${query}` : path, body };
    });
  };
  return fc.oneof({ arbitrary: requests(false), weight: 1 }, { arbitrary: requests(true), weight: 2 });
}
