/**
 * A large import must not hold the server's one thread: the file is read and every row checked in the import worker
 * (api/domain/imports/off-thread.ts), and only the write runs on this thread. So requests made while a 10,000-row
 * roster is being imported (a sync pull, the health check) are answered before the import is. The write looks up what
 * the rows name itself, so a change made while the file was read is seen.
 */
import { setTimeout as sleep } from 'node:timers/promises';

import { beforeEach, expect, it } from 'vitest';

import { runCommand } from '#api/commands/command.ts';
import { prepareImport } from '#api/domain/imports/prepare.ts';
import { importRoster } from '#api/domain/imports/roster.ts';
import { type TestApp, testApp } from '#api/test/helpers.ts';
import { IMPORT_MAX_ROWS } from '#schema/roster-import.ts';
import * as t from '#schema/tables.ts';

let h: TestApp;
let programId: string;

beforeEach(() => {
  h = testApp();
  programId = h.program({ name: 'EMT Fall', type: 'ems' }).id;
});

const HEADER = 'First Name,Last Name,Email,Phone,Student ID,Enrollment Date,Expected Graduation';
const roster = (rows: number, code = 'S') =>
  new TextEncoder().encode(
    [
      HEADER,
      ...Array.from(
        { length: rows },
        (_, i) => `First${i},Last${i},s${i}@example.org,555-0100,${code}-${i},2026-01-12,2026-12-15`,
      ),
    ].join('\n'),
  );

function importing(bytes: Uint8Array) {
  const body = new FormData();
  body.set('file', new File([new Uint8Array(bytes)], 'roster.csv'));
  body.set('programId', programId);
  body.set('kind', 'students');
  body.set('dryRun', 'false');
  return h.as('director', 'POST', '/api/imports', body);
}

let pulls = 0;
const pull = () =>
  h.as('student', 'POST', '/api/sync/pull', {
    pullVersion: 1,
    clientGroupId: 'g',
    clientId: `phone-${++pulls}`,
    cookie: null,
  });
const health = () => h.as('student', 'GET', '/api/health');

it('answers a sync pull and the health check made while a 10,000-row import runs, before the import', async () => {
  // the worker is started once per server: warm, so what follows measures an import and not a thread starting
  expect((await importing(roster(3, 'W'))).status).toBe(201);

  const started = performance.now();
  let ended = Number.POSITIVE_INFINITY;
  const imported = importing(roster(IMPORT_MAX_ROWS)).then((res) => {
    ended = performance.now();
    return res;
  });
  const answers: { what: string; madeAt: number; answeredAt: number }[] = [];
  const ask = async (what: string, request: () => Promise<Response>) => {
    const madeAt = performance.now();
    const res = await request();
    expect(res.status, what).toBe(200);
    answers.push({ what, madeAt, answeredAt: performance.now() });
  };
  const asked: Promise<void>[] = [];
  while (ended === Number.POSITIVE_INFINITY) {
    asked.push(ask('health', health), ask('pull', pull));
    await sleep(20);
  }
  await Promise.all(asked);

  const res = await imported;
  expect(res.status).toBe(201);
  expect(await res.json()).toMatchObject({ applied: true, created: IMPORT_MAX_ROWS, errors: [] });
  expect(h.db.select({ id: t.students.id }).from(t.students).all()).toHaveLength(IMPORT_MAX_ROWS + 3);
  // made once the import was well under way (past its first tenth), and answered while it still ran
  const meanwhile = answers.filter((a) => a.madeAt > started + (ended - started) / 10 && a.answeredAt < ended);
  expect(meanwhile.map((a) => a.what)).toContain('health');
  expect(meanwhile.map((a) => a.what)).toContain('pull');
}, 120_000);

it('finds the records a file names when it writes, not when it is read: one added meanwhile is updated, not doubled', async () => {
  const file = { bytes: roster(2), kind: 'students' as const, programId, remembered: null, timeZone: 'UTC' };
  const prepared = await prepareImport({ ...file, mapping: {} });
  // the file was read (in the worker, in the app) while someone added S-1 by hand
  const added = await h.as('director', 'POST', '/api/students', {
    firstName: 'Added',
    lastName: 'Meanwhile',
    email: 'added@example.org',
    phone: '555-0199',
    studentId: 'S-1',
    programId,
    enrollmentDate: '2026-01-12',
    expectedGraduation: '2026-12-15',
  });
  expect(added.status).toBe(201);
  const job = { ...prepared, kind: 'students' as const, programId, dryRun: false, fileName: 'roster.csv' };
  const report = runCommand(h.db, importRoster, { id: h.users.director.id, role: 'director' }, job);
  expect(report).toMatchObject({ applied: true, created: 1, updated: 1, errors: [] });
  const students = h.db.select().from(t.students).all();
  expect(students.map((s) => [s.studentCode, s.firstName]).sort()).toEqual([
    ['S-0', 'First0'],
    ['S-1', 'First1'],
  ]);
});
