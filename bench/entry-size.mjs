// What the browser loads for a page of the built web app before user interaction, and its gzip
// size (level 9): the entry as listed in its built shell, index.html or public.html (the module script, its
// modulepreloads and stylesheets), plus, for a page the router loads on demand, its chunk and the
// files the build's preload list names for it. Sizes are in kB = 1000 bytes (the unit `vite build`
// prints); the total is also shown in KiB. Shared by login-entry.mjs and public-entry.mjs.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

export const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');

function attr(tag, name) {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** A built shell (index.html, the login entry's; public.html, the public pages'), or null (with a hint printed) when there is no build. */
export function readShellHtml(name = 'index.html') {
  const file = join(dist, name);
  if (existsSync(file)) return readFileSync(file, 'utf8');
  console.log(`No build found at ${file}. Run \`npm run build -w @app/web\` first.`);
  return null;
}

/** The entry's files as its shell lists them: the module script, its modulepreloads and stylesheets. */
export function entryFiles(html) {
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

const pathOf = (url) => join(dist, url.split(/[?#]/)[0].replace(/^\//, ''));

/**
 * The files a lazy page loads, read from the entry chunk as the build wrote it: Vite's preload
 * helper names each dynamic import's dependencies by index into one list (`__vite__mapDeps`), the
 * index list following the import. `chunks` match the file names (without `assets/`) of the
 * dynamically imported chunks wanted; `extra` match further files of the list taken whole (a CSS
 * file loaded with `Promise.resolve({})`, which has no chunk of its own).
 */
export function lazyFiles(entryUrl, chunks, extra = []) {
  const source = readFileSync(pathOf(entryUrl), 'utf8');
  const list = /m\.f=\[([^\]]*)\]/.exec(source);
  if (!list) throw new Error(`No preload list (__vite__mapDeps) in ${entryUrl}`);
  const deps = [...list[1].matchAll(/"([^"]+)"/g)].map((match) => match[1]);
  const found = new Set(deps.filter((file) => extra.some((pattern) => pattern.test(file.replace(/^assets\//, '')))));
  for (const pattern of chunks) {
    let matched = false;
    for (const match of source.matchAll(/import\(`\.\/([^`]+)`\)/g)) {
      if (!pattern.test(match[1])) continue;
      matched = true;
      found.add(`assets/${match[1]}`);
      const indexes = /__vite__mapDeps\(\[([\d,]*)\]\)/.exec(source.slice(match.index));
      for (const index of indexes?.[1].split(',').filter(Boolean) ?? []) found.add(deps[Number(index)]);
    }
    if (!matched) throw new Error(`No dynamic import of a chunk matching ${pattern} in ${entryUrl}`);
  }
  return [...found].map((file) => ({ kind: file.endsWith('.css') ? 'lazy css' : 'lazy', url: `/${file}` }));
}

/** Prints each file's raw and gzip size and the total against the budget (kB gzip). */
export function report(label, files, budgetKb) {
  const rows = [];
  const seen = new Set();
  for (const { kind, url } of files) {
    if (seen.has(url)) continue;
    seen.add(url);
    if (/^(https?:)?\/\//i.test(url)) {
      rows.push({ kind, file: url, raw: 0, gzip: 0, note: 'external, not counted' });
      continue;
    }
    const path = pathOf(url);
    if (!existsSync(path)) {
      rows.push({ kind, file: url, raw: 0, gzip: 0, note: 'missing' });
      continue;
    }
    const bytes = readFileSync(path);
    rows.push({ kind, file: url, raw: bytes.length, gzip: gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }).length });
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
  const budget = budgetKb * 1000;
  const verdict = gzip <= budget ? `within budget, ${kb(budget - gzip)} kB headroom` : `OVER BUDGET by ${kb(gzip - budget)} kB`;
  console.log(`\n${label}: ${kb(gzip)} kB gzip (${(gzip / 1024).toFixed(2)} KiB); budget ${budgetKb} kB: ${verdict}`);
}
