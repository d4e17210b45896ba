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

/**
 * The server ends itself within 9 s of a signal (main.ts). Only a process whose event loop is
 * blocked cannot, and its signal handler never runs: it is killed when this one passes.
 */
const STOP_KILL_MS = 10_000;
let stopSignal = null;

// The server shuts down gracefully on either signal (and ignores a second one), so forwarding is
// safe even when the terminal already sent the same signal to the whole process group.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    if (stopSignal) return;
    stopSignal = signal;
    setTimeout(() => {
      console.error(`[start] the server did not stop within ${STOP_KILL_MS / 1000} s of ${signal}: killing it`);
      child.kill('SIGKILL');
    }, STOP_KILL_MS).unref();
  });
}

child.on('error', (error) => {
  console.error(`[start] could not start the server: ${error.message}`);
  process.exit(1);
});

// A crash is said loudly and passed on as a non-zero exit, for the supervisor to restart the
// server (README, "Keep it running"); the server's own log above says why.
child.on('exit', (code, signal) => {
  if (stopSignal) {
    if (code !== 0) console.error(`[start] the server stopped after ${stopSignal} with ${code !== null ? `exit code ${code}` : `signal ${signal}`}`);
  } else if (code !== null && code !== 0) {
    console.error(`[start] the server crashed (exit code ${code}); its log above says why`);
  } else if (signal) {
    console.error(`[start] the server was killed by ${signal} from outside (the kernel's out-of-memory killer, an operator)`);
  }
  if (code !== null) process.exit(code);
  const number = os.constants.signals[signal] ?? 0;
  process.exit(128 + number);
});
