// Login entry size: everything the browser loads for /login before user interaction, as listed in
// the built index.html (the entry module script, its modulepreloads and stylesheets), gzip level 9.
// Sizes are in kB = 1000 bytes (the unit `vite build` prints); the total is also shown in KiB.
// Usage: npm run build -w @app/web && node bench/login-entry.mjs
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

const BUDGET_KB = 150; // the budget for the login entry, gzip
const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const indexHtml = join(dist, 'index.html');

function attr(tag, name) {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

function collect(html) {
  const files = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    if (attr(tag, 'type') === 'module' && attr(tag, 'src')) files.push({ kind: 'entry', url: attr(tag, 'src') });
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(tag, 'rel') ?? '').toLowerCase().split(/\s+/);
    const href = attr(tag, 'href');
    if (!href) continue;
    if (rel.includes('modulepreload')) files.push({ kind: 'preload', url: href });
    else if (rel.includes('stylesheet')) files.push({ kind: 'css', url: href });
  }
  return files;
}

function main() {
  if (!existsSync(indexHtml)) {
    console.log(`No build found at ${indexHtml}. Run \`npm run build -w @app/web\` first.`);
    return;
  }
  const html = readFileSync(indexHtml, 'utf8');
  const rows = [];
  for (const { kind, url } of collect(html)) {
    if (/^(https?:)?\/\//i.test(url)) {
      rows.push({ kind, file: url, raw: 0, gzip: 0, note: 'external, not counted' });
      continue;
    }
    const path = join(dist, url.split(/[?#]/)[0].replace(/^\//, ''));
    if (!existsSync(path)) {
      rows.push({ kind, file: url, raw: 0, gzip: 0, note: 'missing' });
      continue;
    }
    const bytes = readFileSync(path);
    const gzip = gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }).length;
    rows.push({ kind, file: url, raw: bytes.length, gzip });
  }

  const kb = (n) => (n / 1000).toFixed(2);
  const width = Math.max(4, ...rows.map((r) => r.file.length + r.kind.length + 3));
  const line = (a, b, c, note = '') => console.log(`${a.padEnd(width)}  ${b.padStart(10)}  ${c.padStart(10)}${note ? `  ${note}` : ''}`);
  line('file', 'raw kB', 'gzip kB');
  line('-'.repeat(width), '-'.repeat(10), '-'.repeat(10));
  for (const r of rows) line(`${r.file} (${r.kind})`, kb(r.raw), kb(r.gzip), r.note);
  const raw = rows.reduce((sum, r) => sum + r.raw, 0);
  const gzip = rows.reduce((sum, r) => sum + r.gzip, 0);
  line('-'.repeat(width), '-'.repeat(10), '-'.repeat(10));
  line(`total (${rows.length} files)`, kb(raw), kb(gzip));
  const budget = BUDGET_KB * 1000;
  const verdict = gzip <= budget ? `within budget, ${kb(budget - gzip)} kB headroom` : `OVER BUDGET by ${kb(gzip - budget)} kB`;
  console.log(`\nlogin entry: ${kb(gzip)} kB gzip (${(gzip / 1024).toFixed(2)} KiB); budget ${BUDGET_KB} kB: ${verdict}`);
}

main();
