import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(here, 'dist');
fs.rmSync(outdir, { recursive: true, force: true });

await build({
  // The spreadsheet worker runs in its own thread and is loaded from beside main.js.
  entryPoints: { main: path.join(here, 'src/main.ts'), 'spreadsheet-worker': path.join(here, 'src/modules/invoice-upload/spreadsheet-worker.ts') },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outdir,
  sourcemap: true,
  // Our workspace packages are bundled in; third-party packages load from node_modules.
  packages: 'external',
  alias: { '@app/contracts': path.join(here, '../../packages/contracts/src/index.ts'), '@app/domain': path.join(here, '../../packages/domain/src/index.ts') },
  logLevel: 'warning',
});
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
