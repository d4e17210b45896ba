// `npm run bench [-- name ...]`: bundles the TypeScript benchmarks the way apps/api/build.mjs bundles
// the API and runs them one after another, each alone on the cores; names (api, documents, billing,
// pdf, webhooks, webhook-to-paid, webhook-delivery, ledger, loan-transactions, reports, import, exports, login-entry, public-entry) pick some of them.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, '.tmp/bench');

/**
 * In this order: the API figures, the invoice lists (100,000 seeded invoices), the dashboard (its
 * own 100,000 invoices) and the recurring generator, PDF rendering, webhook intake and webhook to
 * paid, then the login page on the built app: its entry's size against the budget, and its cold
 * load over a slow link; then the public invoice page's size against its budget (before Stripe.js),
 * and its time to a working Pay button.
 */
const benches = [
  { name: 'api', entry: 'api-bench.ts' },
  { name: 'cpu', entry: 'cpu-per-request.ts' },
  { name: 'documents', entry: 'documents-bench.ts' },
  { name: 'billing', entry: 'billing-bench.ts' },
  { name: 'pdf', entry: 'pdf-bench.ts' },
  { name: 'webhooks', entry: 'provider-events-bench.ts' },
  { name: 'webhook-to-paid', entry: 'webhook-to-paid-bench.ts' },
  { name: 'webhook-delivery', entry: 'webhook-delivery-bench.ts' },
  { name: 'ledger', entry: 'ledger-bench.ts' },
  { name: 'loan-transactions', entry: 'loan-transactions-bench.ts' },
  { name: 'reports', entry: 'reports-bench.ts' },
  { name: 'import', entry: 'import-bench.ts' },
  { name: 'exports', entry: 'exports-bench.ts' },
  { name: 'login-entry', script: 'login-entry.mjs' },
  { name: 'login-entry', entry: 'login-load.ts' },
  { name: 'public-entry', script: 'public-entry.mjs' },
  { name: 'public-entry', entry: 'public-load.ts' },
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !benches.some((bench) => bench.name === name));
if (unknown.length > 0) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Choose from: ${benches.map((bench) => bench.name).join(', ')}`);
  process.exit(2);
}
const chosen = wanted.length > 0 ? benches.filter((bench) => wanted.includes(bench.name)) : benches;

fs.rmSync(outdir, { recursive: true, force: true });
for (const bench of chosen.filter((entry) => entry.entry)) {
  await build({
    entryPoints: [path.join(root, 'bench', bench.entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: path.join(outdir, bench.entry.replace(/\.ts$/, '.mjs')),
    sourcemap: true,
    packages: 'external',
    alias: { '@app/contracts': path.join(root, 'packages/contracts/src/index.ts'), '@app/domain': path.join(root, 'packages/domain/src/index.ts'), '@app/fakes': path.join(root, 'packages/fakes/src/index.ts') },
    logLevel: 'warning',
  });
}
// The API finds its migrations next to the running bundle.
fs.cpSync(path.join(root, 'apps/api/src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });

/** Runs one benchmark to its end; resolves with whether it broke. */
function run(bench) {
  const args = bench.entry ? ['--enable-source-maps', path.join(outdir, bench.entry.replace(/\.ts$/, '.mjs'))] : [path.join(root, 'bench', bench.script)];
  const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, BENCH_ROOT: root } });
  const forward = (signal) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code !== 0 || signal !== null);
    });
  });
}

let broke = false;
for (const bench of chosen) {
  if (await run(bench)) broke = true;
}
process.exit(broke ? 1 : 0);
