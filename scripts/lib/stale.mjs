// Which build outputs are missing or older than their sources (by modification time).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const SKIP_DIRS = new Set(['node_modules', 'dist', '.git']);

/** Newest modification time (ms) of the files at or under `target`; 0 when nothing exists. */
export function newestMtime(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.isDirectory() && SKIP_DIRS.has(entry.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

function mtimeOrNull(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

/** The build targets, each with its output and the sources it is built from (paths relative to the root). */
export const TARGETS = [
  {
    name: 'web',
    workspace: '@app/web',
    output: 'apps/web/dist/index.html',
    sources: ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/vite.public.config.ts', 'apps/web/postcss.config.cjs', 'packages/contracts/src', 'packages/domain/src'],
  },
  {
    name: 'api',
    workspace: '@app/api',
    output: 'apps/api/dist/main.js',
    // The bundle holds the workspace packages it imports: the money engine and, for DEMO=1, the fakes.
    sources: ['apps/api/src', 'apps/api/build.mjs', 'packages/contracts/src', 'packages/domain/src', 'packages/fakes/src'],
  },
];

/** For each target: null when up to date, else why it needs a build. */
export function staleReason(target) {
  const built = mtimeOrNull(path.join(ROOT, target.output));
  if (built === null) return `${target.output} is missing`;
  const newest = Math.max(...target.sources.map((s) => newestMtime(path.join(ROOT, s))));
  if (newest > built) return `sources changed since ${target.output} was built`;
  return null;
}

export function staleTargets() {
  return TARGETS.map((target) => ({ target, reason: staleReason(target) })).filter((t) => t.reason !== null);
}
