import { afterEach, expect, it, vi } from 'vitest';

import { warmIntl } from './intl-warm.ts';

/** A stand-in for the browser's Worker: records its script and lets the test send its events. */
class FakeWorker extends EventTarget {
  static made: FakeWorker[] = [];
  terminated = false;
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    super();
    FakeWorker.made.push(this);
  }
  terminate() {
    this.terminated = true;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeWorker.made = [];
});

it('starts the set-up worker as a module and stops it once it says the set-up is done', () => {
  vi.stubGlobal('Worker', FakeWorker);
  warmIntl();
  const [worker] = FakeWorker.made;
  expect(worker.url.pathname).toMatch(/intl-warm\.worker\.ts$/);
  expect(worker.options).toEqual({ type: 'module' });
  expect(worker.terminated).toBe(false);
  worker.dispatchEvent(new MessageEvent('message', { data: 'warm' }));
  expect(worker.terminated).toBe(true);
});

it('stops a worker whose file could not load (no signal before the app was stored)', () => {
  vi.stubGlobal('Worker', FakeWorker);
  warmIntl();
  FakeWorker.made[0].dispatchEvent(new Event('error'));
  expect(FakeWorker.made[0].terminated).toBe(true);
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
  expect(() => warmIntl()).not.toThrow();
});
