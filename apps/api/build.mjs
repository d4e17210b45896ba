import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(here, 'dist');
fs.rmSync(outdir, { recursive: true, force: true });

await build({
  // The spreadsheet worker runs in its own thread and is loaded from beside main.js.
  entryPoints: {
    main: path.join(here, 'src/main.ts'),
    'admin-reset-password': path.join(here, 'src/admin-reset-password.ts'),
    'spreadsheet-worker': path.join(here, 'src/modules/invoice-upload/spreadsheet-worker.ts'),
  },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outdir,
  sourcemap: true,
  // Our workspace packages are bundled in; third-party packages load from node_modules.
  packages: 'external',
  alias: { '@app/contracts': path.join(here, '../../packages/contracts/src/index.ts'), '@app/domain': path.join(here, '../../packages/domain/src/index.ts'),
    '@app/fakes': path.join(here, '../../packages/fakes/src/index.ts'),
  },
  logLevel: 'warning',
});
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
// What the metrics report as the running build (platform/build-info.ts reads it from beside main.js).
const commit = spawnSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: here, encoding: 'utf8' });
const { version } = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));
fs.writeFileSync(path.join(outdir, 'build-info.json'), JSON.stringify({ version, commit: commit.status === 0 ? commit.stdout.trim() : 'unknown' }));
