import type { FastifyInstance } from 'fastify';
import { errorCodes } from 'fastify';
import { AppError } from './errors';

/**
 * The shape every JSON body must keep to, checked before it is parsed: no contract nests deeper
 * than a few levels or lists more than 500 entries, so these leave room for every valid request
 * while nothing downstream (validation, the API log, the database's jsonb parser) ever meets
 * thousands of levels or millions of entries.
 */
export const JSON_BODY_LIMITS = { maxDepth: 64, maxEntries: 10_000 } as const;

export const jsonBodyMessages = {
  tooDeep: `The request body is nested too deeply: at most ${JSON_BODY_LIMITS.maxDepth} levels of objects and lists are accepted.`,
  tooManyEntries: `A list or object in the request body has more than ${JSON_BODY_LIMITS.maxEntries.toLocaleString('en-US')} entries.`,
  protoKey: 'The request body may not contain the key "__proto__".',
  constructorKey: 'The request body may not contain a "constructor" object with a "prototype" key.',
} as const;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_LIST = 0x5b;
const CLOSE_LIST = 0x5d;

/** Where the string opened at `open` ends (a quote after an even run of backslashes), or the text's end. */
function closingQuote(text: string, open: number): number {
  for (let quote = text.indexOf('"', open + 1); quote !== -1; quote = text.indexOf('"', quote + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return quote;
  }
  return text.length;
}

/**
 * One pass over the text's brackets and commas, strings skipped: the first limit broken, or null.
 * It needs no valid JSON (the parser judges that next), only never to let a deep or wide text
 * reach the parser.
 */
function shapeProblem(text: string): string | null {
  // Commas seen at each open level: entries = commas + 1.
  const commas: number[] = [];
  let depth = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      i = closingQuote(text, i);
    } else if (code === OPEN_OBJECT || code === OPEN_LIST) {
      depth += 1;
      if (depth > JSON_BODY_LIMITS.maxDepth) return jsonBodyMessages.tooDeep;
      commas[depth] = 0;
    } else if (code === CLOSE_OBJECT || code === CLOSE_LIST) {
      depth -= 1;
    } else if (code === COMMA && depth > 0) {
      const seen = (commas[depth] ?? 0) + 1;
      if (seen >= JSON_BODY_LIMITS.maxEntries) return jsonBodyMessages.tooManyEntries;
      commas[depth] = seen;
    }
  }
  return null;
}

/**
 * `__proto__` as a key, or `constructor.prototype`, would change an object's prototype wherever
 * the body is later copied with assignment or a spread. Depth is already bounded, so recursion is safe.
 */
function forbiddenKey(value: unknown): string | null {
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = forbiddenKey(item);
      if (found) return found;
    }
    return null;
  }
  if (Object.hasOwn(value, '__proto__')) return jsonBodyMessages.protoKey;
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'constructor' && inner !== null && typeof inner === 'object' && Object.hasOwn(inner, 'prototype')) return jsonBodyMessages.constructorKey;
    const found = forbiddenKey(inner);
    if (found) return found;
  }
  return null;
}

/** Either key can only be spelled with its own letters or with `\u` escapes. */
const MAY_HOLD_FORBIDDEN_KEY = /__proto__|constructor|\\u/;

/**
 * Parses a JSON request body. Empty and malformed bodies answer 400 as Fastify's own parser does;
 * a well-formed body beyond the limits or with a prototype-changing key answers 422 with the
 * reason on `body`, before any route sees it (and so before the API log does).
 */
export function parseJsonBody(text: string): unknown {
  if (text.length === 0) throw new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY();
  const problem = shapeProblem(text);
  if (problem) throw AppError.validation('body', problem);
  let value: unknown;
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    throw new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY();
  }
  const forbidden = MAY_HOLD_FORBIDDEN_KEY.test(text) ? forbiddenKey(value) : null;
  if (forbidden) throw AppError.validation('body', forbidden);
  return value;
}

/** Replaces Fastify's JSON parser for the whole server. */
export function installJsonBodyParser(server: FastifyInstance): void {
  server.removeContentTypeParser('application/json');
  server.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(typeof body === 'string' ? body : body.toString('utf8')));
    } catch (error) {
      done(error instanceof Error ? error : new Error(String(error)), undefined);
    }
  });
}
