// `npm run admin:reset-password -- <email>`: builds the API if it is missing or stale, then runs
// its password reset command (apps/api/src/admin-reset-password.ts) with the same environment as `npm start`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT, staleTargets } from './lib/stale.mjs';

process.env.NODE_ENV ??= 'production';

for (const { target, reason } of staleTargets().filter(({ target }) => target.name === 'api')) {
  console.error(`[admin:reset-password] building ${target.name}: ${reason}`);
  const built = spawnSync('npm', ['run', 'build', '-w', target.workspace], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'], env: process.env });
  if (built.status !== 0) process.exit(built.status || 1);
}

const result = spawnSync(process.execPath, ['--enable-source-maps', path.join(ROOT, 'apps/api/dist/admin-reset-password.js'), ...process.argv.slice(2)], { cwd: ROOT, stdio: 'inherit', env: process.env });
if (result.error) {
  console.error(`[admin:reset-password] could not run: ${result.error.message}`);
  process.exit(1);
}
process.exit(result.status ?? 1);
