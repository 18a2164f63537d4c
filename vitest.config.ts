import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{schema,api,sync,web}/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['fake-indexeddb/auto'],
    testTimeout: 20_000,
  },
});
