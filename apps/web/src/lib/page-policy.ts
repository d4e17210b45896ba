/**
 * Imported first by main.tsx, before any other module runs: makes the libraries that would break
 * the page's Content-Security-Policy keep to it.
 */
import { setNonce } from 'get-nonce';
import { z } from 'zod';
import { styleNonce } from './csp-nonce';

// zod compiles object parsers with `new Function` unless told not to; even its probe for whether
// that is allowed shows up as a violation under a policy without 'unsafe-eval'.
z.config({ jitless: true });

// Mantine's modals and dropdowns lock scrolling with react-remove-scroll, whose <style> element
// takes its nonce from get-nonce (Mantine's own <style> elements get it through MantineProvider).
const nonce = styleNonce();
if (nonce) setNonce(nonce);
