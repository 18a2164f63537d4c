// @vitest-environment happy-dom
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { TrainingDb } from '#sync/client/db.ts';
import { SyncEngine } from '#sync/client/engine.ts';
import type { PushRequest, PushResponse } from '#sync/protocol.ts';

import { SyncValueProvider } from '../sync.tsx';
import { toast } from '../ui/toasts.tsx';
import { useLogContact, useLogHours, useRemoveRecord } from './records.ts';
import { useEditAssessment, useLogAttempt, useLogBulkAttempts, useVoidAttempt } from './skill-attempts.ts';

vi.mock('../ui/toasts.tsx', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const REASON = 'This student has left the program';
let db: TrainingDb;
let engine: SyncEngine;
let wrapper: ({ children }: { children: ReactNode }) => ReactNode;
let pushed: string[];

/** A server that refuses every change it is sent; the pull after it finds no signal. */
async function refusingServer(path: string, init?: RequestInit): Promise<Response> {
  if (!path.endsWith('/push')) throw new TypeError('offline');
  const { mutations } = JSON.parse(String(init?.body)) as PushRequest;
  pushed.push(...mutations.map((m) => m.name));
  const body: PushResponse = {
    results: mutations.map((m) => ({ id: m.id, status: 'rejected', code: 'forbidden', message: REASON })),
    lastMutationId: mutations.at(-1)?.id ?? 0,
  };
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
}

beforeEach(async () => {
  pushed = [];
  db = new TrainingDb(`refusals-${crypto.randomUUID()}`);
  engine = new SyncEngine({
    db,
    userId: 'me',
    autoRetry: false,
    fetch: (path, init) => refusingServer(String(path), init),
  });
  wrapper = ({ children }) => <SyncValueProvider value={{ db, engine }}>{children}</SyncValueProvider>;
  await db.domain('skillAttempts').put({ id: 'a1', studentId: 's1', skillId: 'k1', outcome: 'successful' });
});
afterEach(async () => {
  cleanup();
  vi.clearAllMocks();
  await engine.sync();
  await db.delete();
});

const studentId = crypto.randomUUID();
const attempt = {
  studentId,
  skillId: crypto.randomUUID(),
  attemptedAt: '2026-11-21T10:00:00.000Z',
  setting: 'clinical',
  outcome: 'successful',
} as const;

/** Each write a screen queues, run once; `names` are the mutations it sends. */
const WRITES: { name: string; run: () => Promise<unknown>; names: string[]; failure: string }[] = [
  {
    name: 'a one-tap attempt',
    run: () => renderHook(() => useLogAttempt(), { wrapper }).result.current(attempt, 'Insert OPA'),
    names: ['logSkillAttempt'],
    failure: 'Error',
  },
  {
    name: 'a void',
    run: () => renderHook(() => useVoidAttempt(), { wrapper }).result.current('a1', 'Wrong student'),
    names: ['voidSkillAttempt'],
    failure: 'Error',
  },
  {
    name: 'an assessment edit',
    run: () =>
      renderHook(() => useEditAssessment(), { wrapper }).result.current({
        studentId,
        skillId: attempt.skillId,
        changes: { notes: 'Ready' },
      }),
    names: ['editSkillAssessment'],
    failure: 'Error',
  },
  {
    name: 'bulk entry',
    run: () =>
      renderHook(() => useLogBulkAttempts(), { wrapper }).result.current(
        [{ attempt: { ...attempt, id: crypto.randomUUID() }, raiseTo: 'in_progress' }],
        { success: () => 'Attempt logged', saved: () => 'An attempt' },
      ),
    names: ['logSkillAttempt', 'editSkillAssessment'],
    failure: 'Error',
  },
  {
    name: 'hours',
    run: () =>
      renderHook(() => useLogHours(), { wrapper }).result.current({
        studentId,
        date: '2026-11-21',
        hoursCompleted: 4,
        hourType: 'clinical',
        startTime: '',
        endTime: '',
        clinicalSiteId: null,
        unit: '',
        preceptorName: '',
        notes: '',
      }),
    names: ['logClinicalHours'],
    failure: 'Error',
  },
  {
    name: 'a patient contact with a skill',
    run: () =>
      renderHook(() => useLogContact(), { wrapper }).result.current(
        {
          studentId,
          date: '2026-11-21',
          setting: 'clinical',
          ageYears: 54,
          gender: 'male',
          chiefComplaints: ['Abdominal pain'],
          primaryImpression: 'ACS',
          careLevel: 'als',
          disposition: 'transported',
        },
        [{ skillId: attempt.skillId, outcome: 'successful' }],
      ),
    names: ['logPatientContact', 'logSkillAttempt'],
    failure: 'Error',
  },
  {
    name: 'removing hours',
    run: () =>
      renderHook(() => useRemoveRecord(), { wrapper }).result.current(
        { kind: 'hours', id: crypto.randomUUID() },
        '4 hours',
        'Logged twice',
      ),
    names: ['deleteClinicalHours'],
    failure: 'Error',
  },
];

describe('a write a screen queues', () => {
  it.each(WRITES)('$name is sent at once, and a refusal is toasted with the server reason', async (write) => {
    await write.run();
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith(write.failure, { description: REASON }));
    expect(pushed).toEqual(write.names);
    expect((await db.rejected.toArray()).map((r) => r.name)).toEqual(write.names);
  });
});
