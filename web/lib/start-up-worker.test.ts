import { afterEach, expect, it, vi } from 'vitest';

import { prepareDeviceDatabase, startUpWorker } from './start-up-worker.ts';
import { FakeWorker } from './testing/fake-worker.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  FakeWorker.made = [];
});

const answer = (worker: FakeWorker, data: string) => worker.dispatchEvent(new MessageEvent('message', { data }));

it('starts the worker as a module and stops it once Intl is warm and the database is made', () => {
  vi.stubGlobal('Worker', FakeWorker);
  startUpWorker();
  const [worker] = FakeWorker.made;
  expect(worker.url.pathname).toMatch(/start-up\.worker\.ts$/);
  expect(worker.options).toEqual({ type: 'module' });

  answer(worker, 'warm');
  expect(worker.terminated).toBe(false);
  prepareDeviceDatabase('u1');
  expect(worker.sent).toEqual(['u1']);
  answer(worker, 'database');
  expect(worker.terminated).toBe(true);
});

it('lets the worker end with no database to make when nobody signed in', () => {
  vi.stubGlobal('Worker', FakeWorker);
  startUpWorker();
  const [worker] = FakeWorker.made;
  prepareDeviceDatabase(null);
  expect(worker.sent).toEqual([null]);
  answer(worker, 'database');
  answer(worker, 'warm');
  expect(worker.terminated).toBe(true);
});

it('stops a worker whose file could not load (no signal before the app was stored)', () => {
  vi.stubGlobal('Worker', FakeWorker);
  startUpWorker();
  FakeWorker.made[0].dispatchEvent(new Event('error'));
  expect(FakeWorker.made[0].terminated).toBe(true);
  prepareDeviceDatabase('u1');
  expect(FakeWorker.made[0].sent).toEqual([]);
});

it('does nothing, and throws nothing, where the browser has no workers', () => {
  vi.stubGlobal(
    'Worker',
    class {
      constructor() {
        throw new Error('Worker is not supported');
      }
    },
  );
  expect(() => startUpWorker()).not.toThrow();
  expect(() => prepareDeviceDatabase('u1')).not.toThrow();
});
