// `npm run bench`: bundles bench/api-bench.ts, bench/documents-bench.ts, bench/billing-bench.ts and bench/pdf-bench.ts the way apps/api/build.mjs bundles the API, runs them.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, '.tmp/bench');
fs.rmSync(outdir, { recursive: true, force: true });

for (const bench of ['api-bench', 'documents-bench', 'billing-bench', 'pdf-bench']) {
  await build({
    entryPoints: [path.join(root, `bench/${bench}.ts`)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: path.join(outdir, `${bench}.mjs`),
    sourcemap: true,
    packages: 'external',
    alias: { '@app/contracts': path.join(root, 'packages/contracts/src/index.ts'), '@app/domain': path.join(root, 'packages/domain/src/index.ts') },
    logLevel: 'warning',
  });
}
// The API finds its migrations next to the running bundle.
fs.cpSync(path.join(root, 'apps/api/src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });

const child = spawn(process.execPath, ['--enable-source-maps', path.join(outdir, 'api-bench.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, BENCH_ROOT: root },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  // The invoice figures (100,000 seeded invoices) run alone as well, after the API figures.
  const documents = spawn(process.execPath, ['--enable-source-maps', path.join(outdir, 'documents-bench.mjs')], { cwd: root, stdio: 'inherit', env: { ...process.env, BENCH_ROOT: root } });
  for (const forwarded of ['SIGINT', 'SIGTERM']) process.on(forwarded, () => documents.kill(forwarded));
  documents.on('exit', (documentsCode, documentsSignal) => {
    // The dashboard (its own 100,000 invoices) and the recurring generator run alone as well.
    const billing = spawn(process.execPath, ['--enable-source-maps', path.join(outdir, 'billing-bench.mjs')], { cwd: root, stdio: 'inherit', env: { ...process.env, BENCH_ROOT: root } });
    for (const forwarded of ['SIGINT', 'SIGTERM']) process.on(forwarded, () => billing.kill(forwarded));
    billing.on('exit', (billingCode, billingSignal) => {
      // PDF rendering is measured alone, after the API figures, so the two never share the cores.
      const pdf = spawn(process.execPath, ['--enable-source-maps', path.join(outdir, 'pdf-bench.mjs')], { cwd: root, stdio: 'inherit' });
      for (const forwarded of ['SIGINT', 'SIGTERM']) process.on(forwarded, () => pdf.kill(forwarded));
      pdf.on('exit', (pdfCode, pdfSignal) => {
        // The login page budget is measured on the built app, after the API and PDF figures.
        const sizes = spawn(process.execPath, [path.join(root, 'bench/login-entry.mjs')], { cwd: root, stdio: 'inherit' });
        sizes.on('exit', () => process.exit(code || documentsCode || billingCode || pdfCode || (signal || documentsSignal || billingSignal || pdfSignal ? 1 : 0)));
      });
    });
  });
});
