import { expect, it, vi } from 'vitest';

import { openClient, sessionFetch, syncWorld, uniqueDbName } from '../test-harness.ts';
import { FOREGROUND_PULL_MS, startSyncTriggers, type TriggerEnv, WRITE_DEBOUNCE_MS } from './triggers.ts';

/** Timers that only move when told to. */
function manualClock() {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; every?: number; fn: () => void }>();
  return {
    setTimeout: (fn: () => void, ms: number) => (timers.set(nextId, { at: now + ms, fn }), nextId++),
    setInterval: (fn: () => void, ms: number) => (timers.set(nextId, { at: now + ms, every: ms, fn }), nextId++),
    clearTimeout: (id: number) => timers.delete(id),
    clearInterval: (id: number) => timers.delete(id),
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const [id, next] = [...timers].sort((a, b) => a[1].at - b[1].at)[0] ?? [];
        if (!next || next.at > until) break;
        now = next.at;
        if (next.every) next.at += next.every;
        else timers.delete(id!);
        next.fn();
      }
      now = until;
    },
    pending: () => timers.size,
  };
}

/** A signed-in preceptor's device whose sync rounds are counted, with browser events and timers the test drives. */
async function device() {
  const w = syncWorld();
  const session = sessionFetch(w.h, 'preceptor');
  await session.relogin();
  const { db, engine } = openClient(w.h, 'preceptor', uniqueDbName('triggers'), session.fetch);
  const sync = vi.spyOn(engine, 'sync').mockResolvedValue('in-sync');
  const clock = manualClock();
  const listeners = new Map<string, () => void>();
  const target = {
    addEventListener: (e: string, f: () => void) => listeners.set(e, f),
    removeEventListener: (e: string) => listeners.delete(e),
  };
  const doc = { ...target, visibilityState: 'visible' as DocumentVisibilityState };
  const backgroundSync = vi.fn().mockResolvedValue(undefined);
  const env = {
    window: target,
    document: doc,
    ...clock,
    registerBackgroundSync: backgroundSync,
  } as unknown as TriggerEnv;
  return { w, db, engine, sync, clock, listeners, doc, backgroundSync, env };
}

it('syncs at start, after a write (debounced), on online, on becoming visible and every 30 s while visible', async () => {
  const { w, db, engine, sync, clock, listeners, doc, backgroundSync, env } = await device();

  const stop = startSyncTriggers(engine, env);
  expect(sync).toHaveBeenCalledTimes(1);

  await engine.mutate('recordSkillProgress', {
    studentId: w.students[0].id,
    skillId: w.skills[0].id,
    status: 'in_progress',
    progressPercentage: 10,
    attempts: 1,
    successfulAttempts: 0,
  });
  await engine.mutate('recordSkillProgress', {
    studentId: w.students[1].id,
    skillId: w.skills[0].id,
    status: 'in_progress',
    progressPercentage: 20,
    attempts: 1,
    successfulAttempts: 0,
  });
  expect(sync).toHaveBeenCalledTimes(1);
  clock.advance(WRITE_DEBOUNCE_MS);
  expect(sync).toHaveBeenCalledTimes(2);
  expect(backgroundSync).toHaveBeenCalled();

  listeners.get('online')!();
  expect(sync).toHaveBeenCalledTimes(3);
  listeners.get('visibilitychange')!();
  expect(sync).toHaveBeenCalledTimes(4);
  clock.advance(FOREGROUND_PULL_MS);
  expect(sync).toHaveBeenCalledTimes(5);
  doc.visibilityState = 'hidden';
  clock.advance(FOREGROUND_PULL_MS * 3);
  expect(sync).toHaveBeenCalledTimes(5);

  stop();
  expect(listeners.size).toBe(0);
  expect(clock.pending()).toBe(0);
  await db.delete();
});

it('while a screen holds timed pulls (Auto-refresh off) the 30-s clock syncs nothing, yet writes, coming online and returning to the page still sync', async () => {
  const { w, db, engine, sync, clock, listeners, env } = await device();
  const stop = startSyncTriggers(engine, env);
  expect(sync).toHaveBeenCalledTimes(1);

  const release = engine.holdTimedPulls();
  clock.advance(FOREGROUND_PULL_MS * 3);
  expect(sync).toHaveBeenCalledTimes(1);

  await engine.mutate('recordSkillProgress', {
    studentId: w.students[0].id,
    skillId: w.skills[0].id,
    status: 'in_progress',
    progressPercentage: 10,
    attempts: 1,
    successfulAttempts: 0,
  });
  clock.advance(WRITE_DEBOUNCE_MS);
  expect(sync).toHaveBeenCalledTimes(2);
  listeners.get('online')!();
  expect(sync).toHaveBeenCalledTimes(3);
  listeners.get('visibilitychange')!();
  expect(sync).toHaveBeenCalledTimes(4);
  clock.advance(FOREGROUND_PULL_MS * 3);
  expect(sync).toHaveBeenCalledTimes(4);

  // a second holder keeps the clock stopped until it lets go too; letting go twice counts once
  const releaseOther = engine.holdTimedPulls();
  release();
  release();
  clock.advance(FOREGROUND_PULL_MS);
  expect(sync).toHaveBeenCalledTimes(4);
  releaseOther();
  clock.advance(FOREGROUND_PULL_MS);
  expect(sync).toHaveBeenCalledTimes(5);

  stop();
  await db.delete();
});
