import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** One test run for every workspace; `npm test` (tools/scripts/test.mjs) drives it. */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a two-core machine, which leaves a
    // core idle while a file waits on its database or a timer. Two at least. (`npm test` runs the
    // e2e project on its own after the others: tools/scripts/test.mjs.)
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'core', include: ['packages/core/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          environment: 'node',
          // The files share a worker's loaded modules (each still makes its own app and database):
          // loading the server's code once per worker rather than once per file halves the CPU.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
          environment: 'happy-dom',
          setupFiles: ['./src/test/setup.ts'],
        },
      },
      {
        extends: './apps/admin/vite.config.ts',
        test: {
          name: 'admin',
          root: './apps/admin',
          include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
          environment: 'happy-dom',
          // Whole screens (router, antd layout, tables) render in a test: waits allow a busy machine.
          setupFiles: ['./src/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          // One shop server per brand for the whole run, shared by the files (e2e/helpers/shop.ts).
          globalSetup: ['e2e/helpers/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
