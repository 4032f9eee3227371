import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
          env: { TZ: 'Asia/Kolkata' },
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts'],
          // The hostile suite is its own project (npm run test:hostile). A file named *.postgres.test.ts
          // is about PostgreSQL alone (its pool, its locks): it runs only when TEST_DATABASE_URL is set,
          // and is left out of the PGlite run rather than counted as skipped there. A file named
          // *.pglite.test.ts is about the embedded database alone (on disk, crashes, its statements):
          // it opens PGlite whatever TEST_DATABASE_URL says, so the PostgreSQL run leaves it out.
          // The unit tests beside the source (apps/server/src, all but *.parity.test.ts) open no
          // database, so the PostgreSQL run leaves them to the PGlite run rather than repeating them
          // (apps/server/test/database-free-units.test.ts keeps them database-free).
          exclude: [
            'apps/server/test/hostile/**',
            '**/node_modules/**',
            ...(process.env.TEST_DATABASE_URL
              ? ['apps/server/src/**/!(*.parity).test.ts', 'apps/server/**/*.pglite.test.ts']
              : ['apps/server/**/*.postgres.test.ts']),
          ],
          // One process per worker for all its files, not one per file: importing the app in a fresh
          // process was more than half of each file's time (PostgreSQL run: 178 s isolated, 101 s
          // not). Tests share no module state: every file builds its own app and database, and
          // nothing is mocked at module level (inject instead: AppDeps.clock, AppDeps.otpCodes).
          isolate: false,
          environment: 'node',
          env: { TZ: 'UTC' },
          // Each file's PGlite starts from one migrated template made once per run.
          globalSetup: ['apps/server/test/support/pglite-template.global.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // Each file opens its own database; two at a time suits a 2-core machine.
          maxWorkers: 2,
        },
      },
      {
        test: {
          // Attacks with figures (docs/security.md): every *.hostile.test.ts in the folder.
          name: 'hostile',
          include: ['apps/server/test/hostile/**/*.hostile.test.ts'],
          environment: 'node',
          env: { TZ: 'UTC' },
          globalSetup: ['apps/server/test/support/pglite-template.global.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          maxWorkers: 2,
          // As in the server project: one process per worker (56 s isolated, 38 s not).
          isolate: false,
        },
      },
      // The web project lives beside its own Vite plugins.
      'apps/web/vitest.config.ts',
    ],
  },
});
