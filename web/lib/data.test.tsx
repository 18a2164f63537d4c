// @vitest-environment happy-dom
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { type DomainRows, TrainingDb } from '#sync/client/db.ts';
import { SyncEngine } from '#sync/client/engine.ts';
import { rebuildFigures } from '#sync/client/student-figures.ts';

import {
  type SummarizedStudent,
  useBelowFirstView,
  useFirstSyncSettled,
  useProgramTypeSummaries,
  useProgramTypeTotals,
  useRowsWhere,
  useStudentSummaries,
} from './data.ts';
import { SyncValueProvider } from './sync.tsx';
import { programRow, progressRow, skillRow, studentRow } from './testing/test-rows.ts';
import { FIRST_VIEW_IDLE_MS } from './use-idle.ts';

let db: TrainingDb;
let engine: SyncEngine;
let wrapper: ({ children }: { children: ReactNode }) => ReactNode;

beforeEach(async () => {
  db = new TrainingDb(`data-${crypto.randomUUID()}`);
  engine = new SyncEngine({
    db,
    userId: 'user-1',
    autoRetry: false,
    fetch: () => Promise.reject(new TypeError('offline')),
  });
  wrapper = ({ children }) => <SyncValueProvider value={{ db, engine }}>{children}</SyncValueProvider>;
  await db
    .rows('programs')
    .bulkPut([programRow('program-ems'), programRow('program-fire', { type: 'fire', certificationLevel: null })]);
  await db
    .rows('students')
    .bulkPut([studentRow('s1'), studentRow('s2'), studentRow('f1', { programId: 'program-fire' })]);
  await db.rows('skills').bulkPut([skillRow('opa'), skillRow('ladder', { programType: 'fire' })]);
  await db
    .rows('studentSkills')
    .bulkPut([progressRow('s1', 'opa', { status: 'completed', progressPercentage: 100 }), progressRow('f1', 'ladder')]);
  // rows written directly, as a first sync would store them; the figures are built as its last page builds them
  await db.transaction('rw', db.tables, () => rebuildFigures(db));
});
afterEach(async () => {
  cleanup();
  await db.delete();
});

describe('first sync settled', () => {
  it('is false while the first sync brings pages, and true once it lands or stops for want of signal', async () => {
    const { result } = renderHook(() => useFirstSyncSettled(), { wrapper });
    await db.setMeta('status', { phase: 'pulling', lastSyncedAt: null, error: null });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current).toBe(false);
    await db.setMeta('status', { phase: 'in-sync', lastSyncedAt: '2026-11-27T05:00:00.000Z', error: null });
    await waitFor(() => expect(result.current).toBe(true));
    // a later sync on a device that holds its records does not hold work back again
    await db.setMeta('status', { phase: 'pulling', lastSyncedAt: '2026-11-27T05:00:00.000Z', error: null });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current).toBe(true);
  });

  it('is true when the first sync stopped with no signal', async () => {
    await db.setMeta('status', { phase: 'offline', lastSyncedAt: null, error: 'offline' });
    const { result } = renderHook(() => useFirstSyncSettled(), { wrapper });
    await waitFor(() => expect(result.current).toBe(true));
  });
});

describe('parts below the first view', () => {
  it('render at once on a device that had synced when the screen opened', async () => {
    await db.setMeta('status', { phase: 'in-sync', lastSyncedAt: '2026-11-27T05:00:00.000Z', error: null });
    const { result } = renderHook(() => useBelowFirstView(), { wrapper });
    await waitFor(() => expect(result.current).toBe(true));
  });

  it('wait on a first visit until the first sync has landed and the browser is idle, so the first paint does not fetch their code', async () => {
    await db.setMeta('status', { phase: 'pulling', lastSyncedAt: null, error: null });
    const { result } = renderHook(() => useBelowFirstView(), { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(result.current).toBe(false);
    await db.setMeta('status', { phase: 'in-sync', lastSyncedAt: '2026-11-27T05:00:00.000Z', error: null });
    const landed = Date.now();
    await waitFor(() => expect(result.current).toBe(true), { timeout: FIRST_VIEW_IDLE_MS + 3000 });
    expect(Date.now() - landed).toBeGreaterThanOrEqual(FIRST_VIEW_IDLE_MS - 50);
  }, 15_000);
});

describe('live queries by index', () => {
  it("reads one student's progress and follows it, without re-reading for another student's change", async () => {
    const results: DomainRows['studentSkills'][][] = [];
    const { result } = renderHook(
      () => {
        const rows = useRowsWhere('studentSkills', 'studentId', 's1');
        if (rows && results.at(-1) !== rows) results.push(rows);
        return rows;
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current?.map((p) => p.id)).toEqual(['s1/opa']));

    await db.rows('studentSkills').put(progressRow('s2', 'opa'));
    // time for a re-read, were the query to make one, before the change it must follow
    await new Promise((resolve) => setTimeout(resolve, 100));
    await db.rows('studentSkills').put(progressRow('s1', 'iv'));
    await waitFor(() => expect(result.current?.map((p) => p.id)).toEqual(['s1/iv', 's1/opa']));
    expect(results).toHaveLength(2);
  });

  it('answers no rows when there is nothing to look for', async () => {
    const { result } = renderHook(() => useRowsWhere('studentSkills', 'studentId', undefined), { wrapper });
    await waitFor(() => expect(result.current).toEqual([]));
  });

  it("summarises one program type's students exactly as the whole-device summaries do", async () => {
    const all = renderHook(() => useStudentSummaries(), { wrapper });
    const ems = renderHook(() => held(useProgramTypeSummaries('ems')), { wrapper });
    await waitFor(() => expect(all.result.current).toBeDefined());
    await waitFor(() => expect(ems.result.current).toBeDefined());
    expect(ems.result.current?.map((s) => s.student.id)).toEqual(['s1', 's2']);
    expect(withoutDetail(ems.result.current)).toEqual(
      all.result.current?.filter((s) => s.summary.program?.type === 'ems'),
    );
    expect(ems.result.current?.[0].summary).toMatchObject({
      skillsCompleted: 1,
      totalSkills: 1,
      progressPercentage: 100,
    });
    expect(ems.result.current?.[0].progress.get('opa')?.status).toBe('completed');
  });

  it("keeps one program type's totals as its students' figures add up, and follows a write to their progress", async () => {
    const ems = renderHook(() => useProgramTypeTotals('ems'), { wrapper });
    const all = renderHook(() => useStudentSummaries(), { wrapper });
    await waitFor(() => expect(ems.result.current).toBeDefined());
    await waitFor(() => expect(all.result.current).toBeDefined());
    const emsStudents = all.result.current!.filter((s) => s.summary.program?.type === 'ems');
    expect(ems.result.current).toEqual({
      programType: 'ems',
      students: emsStudents.length,
      activeStudents: 2,
      activeSkillsCompleted: emsStudents.reduce((n, s) => n + s.summary.skillsCompleted, 0),
      activeTotalSkills: emsStudents.reduce((n, s) => n + s.summary.totalSkills, 0),
      graduationDates: {},
    });
    await completeOpaOfS2();
    await waitFor(() => expect(ems.result.current?.activeSkillsCompleted).toBe(2));
    const police = renderHook(() => useProgramTypeTotals('police'), { wrapper });
    await waitFor(() => expect(police.result.current, 'a type the device has no student of').toBeNull());
  });

  it("follows a local write to one student's progress", async () => {
    const { result } = renderHook(() => useStudentSummaries(), { wrapper });
    await waitFor(() => expect(result.current?.find((s) => s.student.id === 's2')?.summary.skillsCompleted).toBe(0));
    await completeOpaOfS2();
    await waitFor(() =>
      expect(result.current?.find((s) => s.student.id === 's2')?.summary).toMatchObject({
        skillsCompleted: 1,
        progressPercentage: 100,
      }),
    );
  });
});

const completeOpaOfS2 = () =>
  engine.mutate('recordSkillProgress', {
    studentId: 's2',
    skillId: 'opa',
    status: 'completed',
    progressPercentage: 100,
    attempts: 1,
    successfulAttempts: 1,
  });

/** The summaries of a device holding every record (no desk session here): never a notice in their place. */
function held<T>(answer: T[] | string | undefined): T[] | undefined {
  if (typeof answer === 'string') throw new Error(`records ${answer} on a device holding them all`);
  return answer;
}

/** Whole summaries cut to the figures the student lists keep, without the per-skill detail. */
const withoutDetail = (list: readonly SummarizedStudent[] | undefined) =>
  list?.map(({ student, summary: { skillIds: _ids, progressBySkill: _bySkill, ...figures } }) => ({
    student,
    summary: figures,
  }));
