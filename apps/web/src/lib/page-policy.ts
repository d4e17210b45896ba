/**
 * Imported first by main.tsx, before any other module runs: makes the libraries that would break
 * the page's Content-Security-Policy keep to it.
 */
import { setNonce } from 'get-nonce';
import { styleNonce } from './csp-nonce';

declare global {
  /** zod 4 keeps its settings here, shared by every copy of zod (its `z.config()` writes the same object). */
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

// zod compiles object parsers with `new Function` unless told not to; even its probe for whether
// that is allowed shows up as a violation under a policy without 'unsafe-eval'. Set through the
// global zod reads rather than `z.config()`, so the login entry, which parses nothing, loads no
// zod. Should zod move the setting, the journeys' CSP check (e2e/csp.ts) reports the probe.
globalThis.__zod_globalConfig ??= {};
globalThis.__zod_globalConfig.jitless = true;

// Mantine's modals and dropdowns lock scrolling with react-remove-scroll, whose <style> element
// takes its nonce from get-nonce (Mantine's own <style> elements get it through MantineProvider).
const nonce = styleNonce();
if (nonce) setNonce(nonce);
