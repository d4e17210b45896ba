import fs from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

const WEB_SOURCE = 'apps/web/src';

/**
 * Web test files that replace a module with `vi.mock`: they need a fresh module graph of their own.
 * Every other test file shares its worker's modules with the files before it (`isolate: false`),
 * which saves loading the app graph again per file (about two thirds of the suites' time).
 */
function webFilesMockingModules(): string[] {
  const root = path.join(import.meta.dirname, WEB_SOURCE);
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file) && fs.readFileSync(path.join(root, file), 'utf8').includes('vi.mock('))
    .map((file) => path.posix.join(WEB_SOURCE, file.split(path.sep).join('/')));
}

const mockingWebFiles = webFilesMockingModules();

const webProject = {
  esbuild: { jsx: 'automatic' as const },
  test: {
    include: ['apps/web/src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['apps/web/src/test/setup.ts'],
    // Mantine pages with many inputs render slowly in jsdom on two shared cores, slower still under load.
    testTimeout: 40_000,
  },
};

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          // Two app processes need a database server to share: only in the PostgreSQL run.
          exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? [] : ['apps/api/test/two-processes.test.ts'])],
          environment: 'node',
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Each file builds its own app on its own database: only module-level code is shared.
          isolate: false,
        },
      },
      { ...webProject, test: { ...webProject.test, name: 'web', exclude: [...configDefaults.exclude, ...mockingWebFiles], isolate: false } },
      { ...webProject, test: { ...webProject.test, name: 'web-mocks', include: mockingWebFiles } },
    ],
  },
});
