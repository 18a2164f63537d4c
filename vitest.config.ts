import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{schema,api,sync,web}/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['fake-indexeddb/auto'],
    testTimeout: 20_000,
    // Vitest's default leaves one core to its main thread: on CI's two cores that is one test file at a time, while
    // the main thread mostly waits
    maxWorkers: availableParallelism(),
  },
});
