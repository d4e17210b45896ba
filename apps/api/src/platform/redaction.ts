/**
 * One place that decides what is a secret in anything written for people to read later: API log
 * rows, the server's stdout, the audit log and the outbox's readable copy of mail. Secrets are
 * recognised by the name they travel under (a `password` field, a `:token` path parameter, a
 * `?token=` query key) and by their shape wherever they appear (an otpauth URL, a bearer token, a
 * JWT, a link that carries a one-time token, a long random string).
 */

export const REDACTED = '[REDACTED]';
export const TRUNCATED = '[TRUNCATED]';

/** Field, parameter and query-key names whose values are never kept. */
const SECRET_NAME = /pass(word)?|token|secret|authorization|cookie|code|recovery|api[_-]?key|private[_-]?key|account_number|id_number|otpauth|signature|hash/i;

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A path separator, plain or percent-encoded (a link inside another URL's query). */
const SEP = '(?:/|%2F)';
const VALUE_END = `[^\\s/?#&"'<>]+`;

/**
 * Shapes that are secrets wherever they appear, with what replaces them. `hint` finds a fragment
 * every match contains: a string without it skips the pattern, which keeps the common case
 * (names, amounts, dates, ids) to one test.
 */
const SECRET_SHAPES: { hint: RegExp; pattern: RegExp; replacement: string }[] = [
  // An authenticator's enrolment URL carries the TOTP secret.
  { hint: /otpauth/i, pattern: /otpauth(?::|%3A)(?:\/\/|%2F%2F)[^\s"'<>]*/gi, replacement: REDACTED },
  { hint: /bearer/i, pattern: /\b(Bearer)(?:\s+|%20|\+)[^\s"'<>,;]+/gi, replacement: `$1 ${REDACTED}` },
  // Bearer tokens of this app read `<uuid>|<secret>`.
  { hint: /\||%7C/i, pattern: /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:\||%7C)[A-Za-z0-9_-]+/gi, replacement: REDACTED },
  { hint: /eyJ/, pattern: /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, replacement: REDACTED },
  // Links whose next path segment is a one-time token: web pages and the API routes behind them.
  {
    hint: /reset-password|invitation|confirm-email/i,
    pattern: new RegExp(`(${SEP}(?:reset-password|accept-user-invitation|onboarding-business-invitation|onboarding-invitations|invitations|confirm-email)${SEP})${VALUE_END}`, 'gi'),
    replacement: `$1${REDACTED}`,
  },
  // Public document links (`/public/invoices/view/<token>`, `/api/v1/public/invoices/<token>/pdf`) open a customer's documents.
  { hint: /public/i, pattern: new RegExp(`(${SEP}public${SEP}[a-z-]+${SEP}(?:view${SEP})?)${VALUE_END}`, 'gi'), replacement: `$1${REDACTED}` },
  // A query value under a secret-like key (`/verify-user?token=…`), plain or percent-encoded.
  {
    hint: /token|secret|code|signature|password|otp/i,
    pattern: /((?:[?&]|%3F|%26)[A-Za-z0-9_.-]*(?:token|secret|code|signature|password|otp)[A-Za-z0-9_.-]*(?:=|%3D))[^&\s#"'<>]+/gi,
    replacement: `$1${REDACTED}`,
  },
];

const ANY_HINT = new RegExp(SECRET_SHAPES.map((shape) => shape.hint.source).join('|'), 'i');

/**
 * A run of 32 or more URL-safe characters with a digit or a capital in it: random tokens
 * (base64url, 43 characters), base32 TOTP secrets (32) and hashes. UUIDs stay (they are ids), and
 * so does lower-case text joined by hyphens or underscores.
 */
const MIN_LONG_RUN = 32;
const LONG_RUN = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{32,}(?![A-Za-z0-9_-])/g;
const DIGIT_OR_CAPITAL = /[0-9A-Z]/;

function maskLongRun(run: string): string {
  return UUID.test(run) || !DIGIT_OR_CAPITAL.test(run) ? run : REDACTED;
}

/** Masks every secret-shaped value in free text (a URL, a mail, a log message). */
export function maskSecretsInText(text: string): string {
  if (UUID.test(text) || (text.length < MIN_LONG_RUN && !ANY_HINT.test(text))) return text;
  let masked = text;
  for (const { hint, pattern, replacement } of SECRET_SHAPES) if (hint.test(text)) masked = masked.replace(pattern, replacement);
  return masked.length < MIN_LONG_RUN ? masked : masked.replace(LONG_RUN, maskLongRun);
}

/** Replaces each value declared secret, raw and URL-encoded, then masks what is shaped like a secret. */
export function maskDeclaredSecrets(text: string, secrets: readonly string[]): string {
  let masked = text;
  for (const secret of secrets) {
    masked = masked.replaceAll(secret, REDACTED);
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret) masked = masked.replaceAll(encoded, REDACTED);
  }
  return maskSecretsInText(masked);
}

function maskQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return maskSecretsInText(pair);
      const key = pair.slice(0, eq);
      return isSecretName(safeDecode(key)) ? `${key}=${REDACTED}` : `${maskSecretsInText(key)}=${maskSecretsInText(pair.slice(eq + 1))}`;
    })
    .join('&');
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** `:token` or `:token(^regex$)` → `token`. */
function parameterName(segment: string): string {
  return segment.slice(1).replace(/\(.*$/, '');
}

/**
 * A request URL fit for a log: path segments matched by a secret-named parameter of the route
 * (`/public/invoices/:token`) and query values under secret-like keys are masked, and every other
 * part goes through the value rules. Without a route pattern (unknown paths, web pages) only the
 * value rules apply, and they know the token-bearing page links.
 */
export function maskUrl(url: string, routePattern?: string | null): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const patternParts = routePattern?.split('/') ?? [];
  const pathParts = path.split('/');
  const byParameter =
    patternParts.length === pathParts.length
      ? pathParts.map((part, i) => {
          const pattern = patternParts[i] ?? '';
          return pattern.startsWith(':') && isSecretName(parameterName(pattern)) ? REDACTED : part;
        })
      : pathParts;
  const maskedPath = maskSecretsInText(byParameter.join('/'));
  return q === -1 ? maskedPath : `${maskedPath}?${maskQuery(url.slice(q + 1))}`;
}

const MAX_DEPTH = 8;
const MAX_ITEMS = 100;
const MAX_KEYS = 200;
const MAX_NODES = 5_000;
const MAX_STRING = 4_000;
/** Longer strings are not scanned at all: dropping them is cheaper and safer than masking them. */
const MAX_SCANNED_STRING = 100_000;

function redactString(value: string): string {
  if (value.length > MAX_SCANNED_STRING) return `${TRUNCATED} ${value.length} characters`;
  const masked = maskSecretsInText(value);
  return masked.length > MAX_STRING ? `${masked.slice(0, MAX_STRING)}${TRUNCATED}` : masked;
}

/**
 * A copy fit for a log: values of secret-named keys replaced, secret-shaped strings masked at any
 * depth. Bounded, so hostile input cannot exhaust the stack or the writer: nesting beyond 8 levels,
 * more than 100 items, 200 keys or 5,000 objects in all become `[TRUNCATED]`.
 */
export function redact(value: unknown): unknown {
  const budget = { nodes: MAX_NODES };
  const visit = (node: unknown, depth: number): unknown => {
    if (typeof node === 'string') return redactString(node);
    if (node === null || typeof node !== 'object') return node;
    if (depth >= MAX_DEPTH || budget.nodes <= 0) return TRUNCATED;
    budget.nodes -= 1;
    if (Array.isArray(node)) return node.slice(0, MAX_ITEMS).map((item: unknown) => visit(item, depth + 1));
    const entries = Object.entries(node);
    const out: Record<string, unknown> = {};
    for (const [key, inner] of entries.slice(0, MAX_KEYS)) out[redactString(key)] = isSecretName(key) ? REDACTED : visit(inner, depth + 1);
    if (entries.length > MAX_KEYS) out[TRUNCATED] = entries.length - MAX_KEYS;
    return out;
  };
  return visit(value, 0);
}
