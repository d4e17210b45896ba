import { TRUNCATED } from './redaction';

/**
 * Text PostgreSQL can store. `text` and `jsonb` refuse the NUL character (`\u0000`) and `jsonb`
 * refuses a UTF-16 surrogate without its pair; JavaScript strings may hold both. Each becomes
 * U+FFFD, the replacement character, so a reader sees that something was there.
 */

const REPLACEMENT = '\uFFFD';
const NUL = '\u0000';
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Deeper than this a value is not walked (callers pass values already bounded by `redact`). */
const MAX_DEPTH = 32;

export function storableText(text: string): string {
  return text.replaceAll(NUL, REPLACEMENT).replace(LONE_SURROGATE, REPLACEMENT);
}

export function storableOptionalText(text: string | null | undefined): string | null {
  return text === null || text === undefined ? null : storableText(text);
}

/** A copy of a JSON value whose every string, keys included, PostgreSQL can store. */
export function storableJson(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return storableText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return TRUNCATED;
  if (Array.isArray(value)) return value.map((item: unknown) => storableJson(item, depth + 1));
  // fromEntries defines each key as data, so a `__proto__` key stays a key instead of setting a prototype.
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [storableText(key), storableJson(inner, depth + 1)]));
}
