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
          // The hostile suite is its own project (npm run test:hostile).
          exclude: ['apps/server/test/hostile/**', '**/node_modules/**'],
          environment: 'node',
          env: { TZ: 'UTC' },
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
          testTimeout: 180_000,
          hookTimeout: 180_000,
          maxWorkers: 2,
        },
      },
      // The web project lives beside its own Vite plugins.
      'apps/web/vitest.config.ts',
    ],
  },
});
