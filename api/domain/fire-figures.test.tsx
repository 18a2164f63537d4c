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
import type { ProgressReport } from '#schema/reports-answer.ts';
import * as t from '#schema/tables.ts';
import { openClient, sessionFetch, uniqueDbName } from '#sync/test-harness.ts';
import { useCandidateBooks } from '#web/features/task-book/index.ts';
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
  return { h, studentId, ...w };
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
});
