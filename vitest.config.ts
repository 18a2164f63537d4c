import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

import { defineConfig } from 'vitest/config';

const TEST_FILE = /\.test\.tsx?$/;
/**
 * A test file that replaces a module or a global, listens on the process or renders into a document changes what
 * later files in the same worker would see: it runs in a fresh module graph of its own. The others (the server, the
 * sync engine, the shared rules) share one per worker, so each file no longer re-imports the server.
 */
const CHANGES_SHARED_STATE = /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(|\bprocess\.on\(|@vitest-environment happy-dom/;
/**
 * A test that times the event loop while it attacks the server runs with a heap of its own too: in a shared worker, a
 * collection of the garbage other files left can land in an attack and read as the server holding its thread (a 268 ms
 * stall in one fresh-clone CI run, for an attack that stalls the loop 20-40 ms alone).
 */
const TIMES_THE_EVENT_LOOP = /\bmonitorEventLoopDelay\(/;

const testFiles = ['schema', 'api', 'sync', 'web'].flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => TEST_FILE.test(path))
    .map((path) => `${dir}/${path}`),
);
const isolated = testFiles.filter((path) => {
  const source = readFileSync(path, 'utf8');
  return CHANGES_SHARED_STATE.test(source) || TIMES_THE_EVENT_LOOP.test(source);
});
const shared = testFiles.filter((path) => !isolated.includes(path));

export default defineConfig({
  test: {
    environment: 'node',
    setupFiles: ['fake-indexeddb/auto', 'vitest.dom-setup.ts'],
    globalSetup: ['vitest.global-setup.ts'],
    testTimeout: 20_000,
    // Vitest's default leaves one core to its main thread: on CI's two cores that is one test file at a time, while
    // the main thread mostly waits
    maxWorkers: availableParallelism(),
    projects: [
      { extends: true, test: { name: 'shared', include: shared, isolate: false } },
      { extends: true, test: { name: 'isolated', include: isolated } },
    ],
  },
});
