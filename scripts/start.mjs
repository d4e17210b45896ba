// `npm start`: builds whatever is missing or stale, then runs the server as a child of this process.
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { ROOT, staleTargets } from './lib/stale.mjs';

process.env.NODE_ENV ??= 'production';

for (const { target, reason } of staleTargets()) {
  console.log(`[start] building ${target.name}: ${reason}`);
  const result = spawnSync('npm', ['run', 'build', '-w', target.workspace], { cwd: ROOT, stdio: 'inherit', env: process.env });
  if (result.error) {
    console.error(`[start] could not run npm: ${result.error.message}`);
    process.exit(1);
  }
  if (result.status !== 0) {
    console.error(`[start] the ${target.name} build failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}

const child = spawn(process.execPath, ['--enable-source-maps', path.join(ROOT, 'apps/api/dist/main.js')], { cwd: ROOT, stdio: 'inherit', env: process.env });

// The server shuts down gracefully on either signal (and ignores a second one), so forwarding is
// safe even when the terminal already sent the same signal to the whole process group.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}

child.on('error', (error) => {
  console.error(`[start] could not start the server: ${error.message}`);
  process.exit(1);
});

child.on('exit', (code, signal) => {
  if (code !== null) process.exit(code);
  const number = os.constants.signals[signal] ?? 0;
  process.exit(128 + number);
});
