// Public invoice page size: everything the browser loads for /public/invoices/view/:token before
// the payer does anything and before Stripe.js (which loads from js.stripe.com when a card payment
// starts): the public entry as its shell (public.html, which the server sends for /public/…) lists
// it, the on-demand screen with what every such screen loads besides (lib/on-demand-screen.ts:
// i18next and the guest CSS), and the tenant config's answer schemas (lib/entry-answers-loader.ts),
// which the entry loads at start. The pay form (components/pay-form-on-demand.tsx) loads only when
// Pay is pressed, so it is not counted. gzip level 9, kB = 1000 bytes.
// Usage: npm run build -w @app/web && node bench/public-entry.mjs
import { entryFiles, lazyFiles, readShellHtml, report } from './entry-size.mjs';

const BUDGET_KB = 120; // issue 17: the public pay page, gzip, before Stripe.js

const html = readShellHtml('public.html');
if (html) {
  const entry = entryFiles(html);
  const script = entry.find((file) => file.kind === 'entry');
  if (!script) throw new Error('The built public.html names no module script');
  const page = lazyFiles(script.url, [/^public-document-page-[\w-]+\.js$/, /^i18n-[\w-]{8}\.js$/, /^tenant-answer-[\w-]+\.js$/], [/^guest-page-styles-[\w-]+\.css$/]);
  report('public invoice page', [...entry, ...page], BUDGET_KB);
}
