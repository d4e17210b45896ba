import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** What is running: the package version and the commit it was built from (apps/api/build.mjs writes them). */
export type BuildInfo = { version: string; commit: string };

const buildInfoSchema = z.object({ version: z.string().min(1).max(100), commit: z.string().min(1).max(100) });

/** Running from the TypeScript source (tests, tsx): no build wrote a record. */
export const SOURCE_BUILD: BuildInfo = { version: 'source', commit: 'unknown' };

/** `build-info.json` beside the running bundle (dist/main.js), else the source marker. */
export function readBuildInfo(directory = path.dirname(fileURLToPath(import.meta.url))): BuildInfo {
  const file = path.join(directory, 'build-info.json');
  if (!fs.existsSync(file)) return SOURCE_BUILD;
  try {
    const parsed = buildInfoSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : SOURCE_BUILD;
  } catch {
    // A damaged record only costs the version label, never the start.
    return SOURCE_BUILD;
  }
}
