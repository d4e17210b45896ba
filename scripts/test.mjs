// `npm test`: every suite in order, stopping at the first failure. Set SKIP_E2E=1 to leave out the browser suite.
import { spawnSync } from 'node:child_process';
import { ROOT } from './lib/stale.mjs';

const skipE2e = process.env.SKIP_E2E === '1';
const pgUrl = process.env.TEST_DATABASE_URL || null;

/** The environment without TEST_DATABASE_URL, so the default API run really is on PGlite. */
function envWithoutPg() {
  const env = { ...process.env };
  delete env.TEST_DATABASE_URL;
  return env;
}

const steps = [
  { name: 'unit + web', command: 'npx', args: ['vitest', 'run', '--project', 'unit', '--project', 'web', '--project', 'web-mocks'], env: envWithoutPg() },
  { name: 'API on PGlite', command: 'npx', args: ['vitest', 'run', '--project', 'api'], env: envWithoutPg() },
];
if (pgUrl) {
  steps.push({ name: 'API on PostgreSQL', header: `API suite on PostgreSQL (${redactUrl(pgUrl)})`, command: 'npx', args: ['vitest', 'run', '--project', 'api'], env: { ...process.env, TEST_DATABASE_URL: pgUrl } });
}
steps.push(
  { name: 'build', command: 'npm', args: ['run', 'build'], env: process.env, e2e: true },
  { name: 'e2e (Playwright)', command: 'npx', args: ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], env: envWithoutPg(), e2e: true },
);

function redactUrl(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

function banner(text) {
  const line = '='.repeat(Math.max(60, text.length + 4));
  console.log(`\n${line}\n  ${text}\n${line}`);
}

const results = [];
let failed = false;
const startedAll = Date.now();

for (const step of steps) {
  if (failed) {
    results.push({ step, status: 'not run', ms: 0 });
    continue;
  }
  if (step.e2e && skipE2e) {
    results.push({ step, status: 'SKIPPED', ms: 0 });
    continue;
  }
  banner(`${step.header ?? step.name}: ${step.command} ${step.args.join(' ')}`);
  const started = Date.now();
  const run = spawnSync(step.command, step.args, { cwd: ROOT, stdio: 'inherit', env: step.env });
  const ms = Date.now() - started;
  const ok = !run.error && run.status === 0;
  if (run.error) console.error(`[test] could not run ${step.command}: ${run.error.message}`);
  results.push({ step, status: ok ? 'passed' : `FAILED (exit ${run.status ?? run.signal ?? 'error'})`, ms });
  if (!ok) failed = true;
}

if (skipE2e) {
  banner('!!! SKIP_E2E=1: the build and the browser (e2e) suite were NOT run !!!');
}

console.log('\nSummary');
const width = Math.max(...results.map((r) => r.step.name.length));
for (const r of results) console.log(`  ${r.step.name.padEnd(width)}  ${r.status.padEnd(18)} ${r.ms ? seconds(r.ms) : ''}`);
console.log(`  ${'total'.padEnd(width)}  ${''.padEnd(18)} ${seconds(Date.now() - startedAll)}`);
if (!pgUrl) console.log('  (TEST_DATABASE_URL not set: the API suite ran on PGlite only)');
const passed = results.filter((r) => r.status === 'passed').length;
const failures = results.filter((r) => r.status.startsWith('FAILED')).length;
console.log(`${passed} passed, ${failures} failed`);
process.exit(failed ? 1 : 0);
