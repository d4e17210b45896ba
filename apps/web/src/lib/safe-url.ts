import { isAbsoluteHttpUrl } from '@app/contracts';

/** A path of this site: one leading slash, never `//host` or `/\host`, which browsers read as another host. */
const SITE_PATH = /^\/(?![/\\])[^\s\p{C}\\]*$/u;

/**
 * A URL taken from data, fit for an `href` or `src`: an absolute http(s) URL (all the server
 * stores since one URL rule checks every field) or a path of this site (`/files/...`,
 * `/api/...`). Anything else (a `javascript:` URL stored before the rule, a protocol-relative
 * `//host`) gives undefined, so it is neither linked nor loaded.
 */
export function safeUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  return isAbsoluteHttpUrl(value) || SITE_PATH.test(value) ? value : undefined;
}
