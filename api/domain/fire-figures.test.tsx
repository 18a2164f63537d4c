/**
 * A fire candidate's task book, one definition everywhere (schema/fire-task-book.ts `bookFigures`, through
 * `candidateBooks` for the tracker, home, task-book page and progress report): JPRs signed of those required and the
 * book's state. Worked out by hand, in a Firefighter I program whose chief signs JPRs done in training again:
 * - 4.3.1: failed on 11-02, passed on 11-03: signed.
 * - 4.3.6: passed in training on 11-02 (does not sign), passed again after training on 11-10: signed (re-signed).
 * - 4.3.10: passed in training only: not signed.
 * - 4.3.12: no record: not signed.
 * So 2 of 4 JPRs signed, the book "In progress"; 4.3.10 and 4.3.12 missing. A second candidate with no book: 0 of 4,
 * "Not started".
 *
 * The candidate's skill figures are the same JPRs (schema/fire-task-book.ts `candidateProgress`): 4.3.1 and 4.3.6
 * completed, 4.3.10 in progress (attempted, not signed), 4.3.12 not started; progress 2 / 4 = 50%, skills completed
 * 2 of 4, last activity 2026-11-10 (the latest JPR record). The second candidate: 0%, 0 of 4, no activity. The
 * program's competency figure is the mean over both active candidates: (50 + 0) / 2 = 25%.
 */
import { renderHook, waitFor } from '@testing-library/react';
import { unzipSync } from 'fflate';
import Papa from 'papaparse';
import type { ReactNode } from 'react';
import { readSheet } from 'read-excel-file/node';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';

import { asSystem } from '#api/seed/standards.ts';
import { testApp } from '#api/test/helpers.ts';
import { pdfText } from '#api/test/pdf-text.ts';
import { studentIn } from '#api/test/program-world.ts';
import type { Portfolio } from '#schema/portfolio.ts';
import type { DashboardStats, ProgressReport } from '#schema/reports-answer.ts';
import * as t from '#schema/tables.ts';
import { readStudentSummaries } from '#sync/client/student-figures.ts';
import { openClient, sessionFetch, uniqueDbName } from '#sync/test-harness.ts';
import { wordingFor } from '#web/features/discipline-tracker/discipline.ts';
import { progressExportRows } from '#web/features/discipline-tracker/export-progress.ts';
import { trackerView } from '#web/features/discipline-tracker/tracker-figures.ts';
import { type MyHome, useMyProgress } from '#web/features/my-progress/use-my-progress.ts';
import { useCandidateBooks, useCandidateProgress } from '#web/features/task-book/index.ts';
import { useProgramTypeSummaries } from '#web/lib/data.ts';
import { SyncValueProvider } from '#web/lib/sync.tsx';
import type { TrainingDb } from '#web/lib/sync-client.ts';
import { addDocument } from '#web/lib/testing/node-document.ts';

const opened: TrainingDb[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

async function world() {
  const h = testApp();
  const program = h.program({ name: 'FF I Academy', type: 'fire', certificationLevel: 'firefighter_1' });
  const studentId = studentIn(h, program.id);
  const w = asSystem(h.db, 'fixture', (ctx) => {
    ctx.update(t.programs, ctx.find(t.programs, program.id)!, {
      taskBookRules: { attemptsPerDay: 2, attemptDays: 2, resignTrainingJprs: true },
    });
    const jpr = (ref: string, name: string, certificationLevel = 'firefighter_1') =>
      ctx.insert(t.skills, {
        code: `ff-${ref}`,
        name,
        category: 'Fireground',
        programType: 'fire',
        certificationLevel,
        standardReference: `NFPA 1001 (2019) ${ref}`,
      }).id;
    const jprs = {
      '4.3.1': jpr('4.3.1', 'Use SCBA'),
      '4.3.6': jpr('4.3.6', 'Forcible entry'),
      '4.3.10': jpr('4.3.10', 'Ground ladders'),
      '4.3.12': jpr('4.3.12', 'Ventilation'),
    };
    // a Fire Fighter II JPR the candidates' level does not require
    jpr('5.3.1', 'Command', 'firefighter_2');
    const bookId = ctx.insert(t.taskBooks, {
      studentId,
      programId: program.id,
      level: 'firefighter_1',
      state: 'started',
      startedBy: h.users.instructor.id,
      startedOn: '2026-01-01',
    }).id;
    const other = ctx.insert(t.students, {
      firstName: 'Dee',
      lastName: 'Novak',
      email: 'dee@example.org',
      phone: '555-0100',
      studentCode: 'X-2',
      programId: program.id,
      enrollmentDate: '2026-01-10',
      expectedGraduation: '2026-12-15',
    }).id;
    return { jprs, bookId, other };
  });
  const record = (ref: keyof typeof w.jprs, performedOn: string, passed: boolean, inTraining: boolean) =>
    asSystem(h.db, 'fixture', (ctx) =>
      ctx.insert(t.jprSignOffs, {
        taskBookId: w.bookId,
        studentId,
        skillId: w.jprs[ref],
        performedOn,
        method: 'observed',
        passed,
        steps: passed ? [] : [{ step: 'Check seal', passed: false }],
        inTraining,
        attemptNumber: 1,
        dayNumber: 1,
        comments: null,
        evaluatorName: 'Rosa Diaz',
        evaluatorNumber: 'FD-2042',
        evaluatorId: h.users.instructor.id,
        signature: { kind: 'typed', name: 'Rosa Diaz' },
        capturedAt: `${performedOn}T16:00:00.000Z`,
        recordedBy: h.users.instructor.id,
      }),
    );
  record('4.3.1', '2026-11-02', false, false);
  record('4.3.1', '2026-11-03', true, false);
  record('4.3.6', '2026-11-02', true, true);
  record('4.3.6', '2026-11-10', true, false);
  record('4.3.10', '2026-11-02', true, true);
  return { h, studentId, programId: program.id, record, ...w };
}

describe('a fire candidate’s task book, counted by hand', () => {
  it('the progress report, the portfolio (answer, CSV, XLSX, PDF), the records export and the device agree', async () => {
    const { h, studentId, jprs, other } = await world();
    const mine = { signed: 2, required: 4, state: 'started' };

    const progress = (await (await h.as('director', 'GET', '/api/reports/progress')).json()) as ProgressReport[];
    expect(progress.find((r) => r.id === studentId)?.taskBook).toEqual(mine);
    expect(progress.find((r) => r.id === other)?.taskBook).toEqual({ signed: 0, required: 4, state: 'not_started' });

    const read = (ext = '') => h.as('director', 'GET', `/api/students/${studentId}/portfolio${ext}`);
    const book = ((await (await read()).json()) as Portfolio).taskBook!;
    expect({ signed: book.signed, required: book.required, state: book.state }).toEqual(mine);
    expect(book.stateLabel).toBe('In progress');
    expect(book.jprs.map((j) => [j.reference, j.signed, j.date])).toEqual([
      ['NFPA 1001 (2019) 4.3.1', true, '2026-11-03'],
      ['NFPA 1001 (2019) 4.3.6', true, '2026-11-10'],
      ['NFPA 1001 (2019) 4.3.10', false, null],
      ['NFPA 1001 (2019) 4.3.12', false, null],
    ]);
    const rows = [
      'NFPA 1001,JPR,Signed,Method,Evaluator,Date,Book',
      'NFPA 1001 (2019) 4.3.1,Use SCBA,Signed,Observed first-hand,Rosa Diaz,2026-11-03,In progress',
      'NFPA 1001 (2019) 4.3.6,Forcible entry,Signed,Observed first-hand,Rosa Diaz,2026-11-10,In progress',
      'NFPA 1001 (2019) 4.3.10,Ground ladders,Not signed,,,,In progress',
      'NFPA 1001 (2019) 4.3.12,Ventilation,Not signed,,,,In progress',
    ];
    const csv = (await (await read('.csv')).text()).replace('\ufeff', '').split(/\r?\n/);
    expect(csv.slice(0, 5)).toEqual(rows);
    const sheet = await readSheet(Buffer.from(await (await read('.xlsx')).arrayBuffer()));
    expect(sheet.slice(0, 5).map((r) => r.map((c) => c ?? '').join(','))).toEqual(rows);
    expect(await pdfText(await read('.pdf'))).toContain('NFPA 1001 task book: In progress, 2 of 4 JPRs signed');

    // the candidate's own records out hold the book and every record it is counted from, so the figure can be
    // counted again from the export alone
    const zip = await h.as('student', 'GET', '/api/exports/mine');
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    const table = (name: string) =>
      Papa.parse<Record<string, string>>(new TextDecoder().decode(files[`csv/${name}.csv`]), {
        header: true,
        skipEmptyLines: true,
      }).data;
    expect(table('task_books').map((b) => [b.studentId, b.state])).toEqual([[studentId, 'started']]);
    const exported = table('jpr_sign_offs');
    expect(exported).toHaveLength(5);
    const skills = new Map(table('skills').map((s) => [s.id, s.standardReference]));
    expect(new Set(exported.map((r) => skills.get(r.skillId)))).toEqual(
      new Set(['NFPA 1001 (2019) 4.3.1', 'NFPA 1001 (2019) 4.3.6', 'NFPA 1001 (2019) 4.3.10']),
    );

    // the device: the tracker, the candidate's home and the task-book page all read useCandidateBooks
    const session = sessionFetch(h, 'director');
    await session.relogin();
    const device = openClient(h, 'director', uniqueDbName('fire'), session.fetch);
    opened.push(device.db);
    await device.engine.sync();
    await device.engine.openStudent(studentId);
    onTestFinished(addDocument());
    const wrapper = ({ children }: { children: ReactNode }) => (
      <SyncValueProvider value={device}>{children}</SyncValueProvider>
    );
    const { result } = renderHook(() => useCandidateBooks(), { wrapper });
    await waitFor(() => expect(result.current?.get(studentId)?.signed).toBe(2));
    expect(result.current!.get(studentId)).toEqual({ ...mine, missing: [jprs['4.3.10'], jprs['4.3.12']] });
    expect(result.current!.get(other)).toMatchObject({ signed: 0, required: 4, state: 'not_started' });
  });

  it('the candidate’s progress, skills completed, last activity and skill cells are their JPRs on every screen', async () => {
    const { h, studentId, programId, jprs, other } = await world();
    const mine = { progress: 50, completed: 2, total: 4, last: '2026-11-10' };
    const none = { progress: 0, completed: 0, total: 4, last: null };

    // the server's summaries: the student record, the progress report, compliance and the candidate's dashboard
    for (const [id, want] of [
      [studentId, mine],
      [other, none],
    ] as const) {
      const s = (await (await h.as('director', 'GET', `/api/students/${id}`)).json()) as Record<string, unknown>;
      expect([s.progressPercentage, s.skillsCompleted, s.totalSkills, s.lastActivity]).toEqual(Object.values(want));
    }
    const progress = (await (await h.as('director', 'GET', '/api/reports/progress')).json()) as ProgressReport[];
    const row = progress.find((r) => r.id === studentId)!;
    expect([row.overallProgress, row.skillsCompleted, row.skillsTotal, row.lastActivity]).toEqual(Object.values(mine));
    const compliance = (await (await h.as('director', 'GET', '/api/reports/compliance')).json()) as {
      id: string;
      compliancePercentage: number;
      lastReview: string | null;
    }[];
    expect(compliance.find((r) => r.id === `competency-${programId}`)).toMatchObject({
      compliancePercentage: 25,
      lastReview: '2026-11-10',
    });
    const stats = (await (await h.as('student', 'GET', '/api/dashboard/stats')).json()) as DashboardStats;
    expect(stats.complianceRate).toBe(50);

    // a desk device: the candidates' figures from the server's tallies, then from the records once opened
    const session = sessionFetch(h, 'director');
    await session.relogin();
    const device = openClient(h, 'director', uniqueDbName('fire-figures'), session.fetch);
    opened.push(device.db);
    await device.engine.sync();
    const deskFigures = async () =>
      new Map(
        (await readStudentSummaries(device.db)).map(({ student, summary: f }) => [
          student.id,
          { progress: f.progressPercentage, completed: f.skillsCompleted, total: f.totalSkills, last: f.lastActivity },
        ]),
      );
    expect((await deskFigures()).get(studentId)).toEqual(mine);
    expect((await deskFigures()).get(other)).toEqual(none);
    await device.engine.openStudents([studentId, other]);
    await device.engine.sync();
    expect((await deskFigures()).get(studentId)).toEqual(mine);

    // the fire tracker's cards, tiles and export read the same JPRs
    onTestFinished(addDocument());
    const wrapper = ({ children }: { children: ReactNode }) => (
      <SyncValueProvider value={device}>{children}</SyncValueProvider>
    );
    const { result } = renderHook(() => ({ held: useProgramTypeSummaries('fire'), jprs: useCandidateProgress() }), {
      wrapper,
    });
    await waitFor(() => expect(Array.isArray(result.current.held) && result.current.jprs).toBeTruthy());
    const students = result.current.held as Exclude<typeof result.current.held, string | undefined>;
    const view = trackerView({
      discipline: 'fire',
      programId,
      programs: await device.db.rows('programs').toArray(),
      skills: await device.db.rows('skills').toArray(),
      progress: students.flatMap((s) => [...s.progress.values()]),
      students,
      jprs: result.current.jprs,
    });
    const card = view.cards.find((c) => c.student.id === studentId)!;
    // the candidate's home, from the same device's rows
    const home = renderHook(() => useMyProgress(h.users.student.id), { wrapper });
    await waitFor(() => expect(home.result.current?.state).toBe('ready'));
    const { summary } = (home.result.current as Extract<MyHome, { state: 'ready' }>).figures;
    expect([summary.progressPercentage, summary.skillsCompleted, summary.totalSkills, summary.lastActivity]).toEqual(
      Object.values(mine),
    );
    expect(card.summary.progressPercentage).toBe(50);
    expect(card.cells.map((c) => [c.skill.id, c.status, c.lastAttemptDate])).toEqual([
      [jprs['4.3.1'], 'completed', '2026-11-03'],
      [jprs['4.3.6'], 'completed', '2026-11-10'],
      [jprs['4.3.10'], 'in_progress', '2026-11-02'],
      [jprs['4.3.12'], 'not_started', null],
    ]);
    expect(view.tiles).toMatchObject({ avgProgress: 25, completedSkillRecords: 2 });
    const exported = progressExportRows(view.cards, wordingFor('fire')).filter((r) => r['Student ID'] === 'X-1');
    expect(exported.map((r) => [r.Status, r['Progress (%)']])).toEqual([
      ['Completed', 100],
      ['Completed', 100],
      ['In Progress', 0],
      ['Not Started', 0],
    ]);
  });

  it('a desk device is sent the candidate’s new figures when a JPR is signed', async () => {
    const { h, studentId, record } = await world();
    const session = sessionFetch(h, 'director');
    await session.relogin();
    const device = openClient(h, 'director', uniqueDbName('fire-desk'), session.fetch);
    opened.push(device.db);
    await device.engine.sync();
    const figures = async () => {
      const f = (await readStudentSummaries(device.db)).find((s) => s.student.id === studentId)!.summary;
      return [f.progressPercentage, f.skillsCompleted, f.lastActivity];
    };
    expect(await figures()).toEqual([50, 2, '2026-11-10']);
    // 4.3.10 passed after training: 3 of 4 signed
    record('4.3.10', '2026-11-12', true, false);
    await device.engine.sync();
    expect(await figures()).toEqual([75, 3, '2026-11-12']);
  });
});
