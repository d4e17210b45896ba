import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { E2E_PORT, OUTPUT_DIR } from './constants';

const here = path.dirname(fileURLToPath(import.meta.url));

// Paths are absolute so this config works both as `-c e2e/playwright.config.ts` and re-exported
// from a config at the repository root.
export default defineConfig({
  testDir: here,
  testMatch: '**/*.e2e.ts',
  // A journey also runs axe-core on every page state it shows (e2e/axe), about a second each.
  timeout: 120_000,
  workers: 1,
  // One retry, in a fresh worker and browser: a CI machine shared with other work has stalled the
  // browser for minutes at a time (a click or a screenshot never ending in two journeys running
  // back to back that pass alone and in a full local run). A journey that needed its retry is
  // reported as flaky, so a real fault still shows.
  retries: 1,
  fullyParallel: false,
  forbidOnly: true,
  reporter: 'list',
  outputDir: OUTPUT_DIR,
  globalSetup: path.join(here, 'global-setup.ts'),
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
