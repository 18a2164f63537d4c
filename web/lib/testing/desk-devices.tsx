/**
 * Test support for the desk screens (schema/device-set.ts): a world on the real server code, devices of any role that
 * synced with it (test-harness.ts), work recorded on the instructor's, and a document for the screen part afterwards.
 * The caller mocks useSession (the role the screens see) and calls `dispose` after each test.
 */
import type { ReactNode } from 'react';
import { vi } from 'vitest';

import type { Role } from '#schema/enums.ts';
import type { TrainingDb } from '#sync/client/db.ts';
import { openClient, sessionFetch, syncWorld, uniqueDbName } from '#sync/test-harness.ts';

import { forgetServerReads } from '../server-reads.ts';
import { SyncValueProvider } from '../sync.tsx';
import { addDocument } from './node-document.ts';

const setOnline = (online: boolean) =>
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });

export function deskWorld() {
  const w = syncWorld();
  const dbs: TrainingDb[] = [];
  let removeDocument: (() => void) | undefined;

  async function device(role: Role) {
    const session = sessionFetch(w.h, role);
    await session.relogin();
    const network = { down: false };
    const fetch = (path: string, init: RequestInit) =>
      network.down ? Promise.reject(new TypeError('offline')) : session.fetch(path, init ?? {});
    // the screens' server reads (server-reads.ts) go through the global fetch: the last device opened signs them
    vi.stubGlobal('fetch', fetch);
    const client = openClient(w.h, role, uniqueDbName(`desk-${role}`), fetch);
    dbs.push(client.db);
    await client.engine.sync();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <SyncValueProvider value={client}>{children}</SyncValueProvider>
    );
    return { ...client, network, wrapper };
  }

  /** Progress and attempts on each EMS student, written on the instructor's device and sent. */
  async function recordWork(instructor: Device) {
    for (const [i, student] of w.students.entries()) {
      await instructor.engine.mutate('recordSkillProgress', {
        studentId: student.id,
        skillId: w.skills[i].id,
        status: i === 0 ? 'completed' : 'in_progress',
        progressPercentage: i === 0 ? 100 : 40,
        attempts: 1,
        successfulAttempts: 1,
      });
      await instructor.engine.mutate('logSkillAttempt', {
        studentId: student.id,
        skillId: w.skills[0].id,
        attemptedAt: '2026-03-01T09:00:00.000Z',
        setting: 'lab',
        outcome: 'successful',
      });
    }
    await instructor.engine.sync();
  }

  return {
    w,
    device,
    recordWork,
    /** The screen part, after the devices synced in node (node-document.ts says why). */
    showScreens(online = true) {
      removeDocument = addDocument();
      setOnline(online);
    },
    async dispose() {
      vi.unstubAllGlobals();
      await forgetServerReads();
      removeDocument?.();
      for (const db of dbs.splice(0)) await db.delete();
    },
  };
}
export type DeskDevice = Awaited<ReturnType<ReturnType<typeof deskWorld>['device']>>;
type Device = DeskDevice;
