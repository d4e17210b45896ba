import { isAbsoluteHttpUrl } from '@app/contracts';

/**
 * A third-party service whose code runs in our pages. Its origins are allowed, by name, in the
 * directives of the app's Content-Security-Policy and nowhere else.
 */
export type ThirdPartySource = {
  name: string;
  /** Scripts the pages load from it (`script-src`). */
  script?: readonly string[];
  /** Frames it opens inside our pages (`frame-src`). */
  frame?: readonly string[];
  /** Where its scripts send requests (`connect-src`). */
  connect?: readonly string[];
  /** Images it shows (`img-src`). */
  img?: readonly string[];
};

/**
 * THE list of third-party origins of the app's pages; nothing else widens the policy. Entries come from
 * each provider's published CSP requirements.
 */
export const THIRD_PARTY_SOURCES: readonly ThirdPartySource[] = [
  // The payout wizard tokenises the ID number and bank account with Stripe.js (spec section 5).
  { name: 'Stripe.js', script: ['https://js.stripe.com'], frame: ['https://js.stripe.com', 'https://hooks.stripe.com'], connect: ['https://api.stripe.com'] },
  // "Link your bank" opens Plaid Link; its sandbox and production APIs answer it.
  { name: 'Plaid Link', script: ['https://cdn.plaid.com'], frame: ['https://cdn.plaid.com'], connect: ['https://production.plaid.com', 'https://sandbox.plaid.com'] },
];

/**
 * The sources of the pages' third-party scripts, plus the providers' APIs at another address
 * (PAYMENT_PROVIDER_API_BASE, BANK_LINK_API_BASE: the fakes in tests and the demo), whose
 * scripts then call that address from the browser; and, only when the scripts themselves load
 * from there (`scriptsAtApiBase`, the demo), that address as a script source too.
 */
export function thirdPartySources(apiBases: readonly (string | undefined)[], scriptsAtApiBase = false): readonly ThirdPartySource[] {
  const origins = originsOf(apiBases.map((url) => url ?? null));
  if (origins.length === 0) return THIRD_PARTY_SOURCES;
  return [...THIRD_PARTY_SOURCES, { name: 'Provider APIs at another address', connect: origins, ...(scriptsAtApiBase ? { script: origins } : {}) }];
}

export type PagePolicyInput = {
  /** Per-response nonce of the app shell: Mantine's <style> elements carry it. */
  styleNonce: string | null;
  /** Images configured by URL for the tenant (login and dashboard logos). */
  imageUrls: readonly (string | null)[];
  /** The request arrived over TLS: ask the browser to upgrade stray http:// loads. */
  tls: boolean;
  thirdParty?: readonly ThirdPartySource[];
};

function originsOf(urls: readonly (string | null)[]): string[] {
  return urls.filter((url): url is string => url !== null && isAbsoluteHttpUrl(url)).map((url) => new URL(url).origin);
}

function serialise(directives: Record<string, readonly string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...new Set(sources)].join(' '))
    .join('; ');
}

/**
 * The policy of the app's pages (the React shell: signed-in screens, login pages and public
 * document pages). No inline script anywhere: the build emits none and `script-src` holds no
 * 'unsafe-inline'. Styles: Mantine writes its CSS variables and responsive styles into <style>
 * elements, which carry the per-response nonce (`style-src-elem`); its components also set
 * style attributes, which no nonce or hash can cover, hence `style-src-attr 'unsafe-inline'`
 * (attributes cannot load anything or run script). `style-src` is only the fallback of
 * browsers that predate the two split directives.
 */
export function pagePolicy({ styleNonce, imageUrls, tls, thirdParty = THIRD_PARTY_SOURCES }: PagePolicyInput): string {
  const from = (key: 'script' | 'frame' | 'connect' | 'img') => thirdParty.flatMap((source) => source[key] ?? []);
  const nonce = styleNonce ? [`'nonce-${styleNonce}'`] : [];
  return serialise({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...from('script')],
    'style-src': ["'self'", "'unsafe-inline'"],
    'style-src-elem': ["'self'", ...nonce],
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...originsOf(imageUrls), ...from('img')],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...from('connect')],
    // The PDF preview shows a blob: URL in a frame.
    'frame-src': ['blob:', ...from('frame')],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(tls ? { 'upgrade-insecure-requests': [] } : {}),
  });
}

/**
 * The API documentation page (Swagger UI) only: its bundle sets inline styles on elements it
 * creates, so styles may be inline here. It runs no inline script either.
 */
export function apiDocsPolicy(): string {
  return serialise({
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
}

/**
 * Anything that is not a page (JSON, PDFs, images, scripts, styles): it may load nothing and be
 * framed by no one. Chromium's PDF viewer still shows a PDF under it (checked; a `sandbox`
 * directive would stop it).
 */
export const RESOURCE_POLICY = "default-src 'none'; frame-ancestors 'none'";
