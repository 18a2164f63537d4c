/**
 * `npm run bench:device`: the per-student figures a device keeps (sync/client/student-figures.ts), on a director's
 * device holding the large set's shape: 20 programs, 2,000 students x 150 skills (300,000 progress rows) and 10,000
 * hours entries, in fake-indexeddb (slower than a browser's IndexedDB; the ratios are the figures to read).
 * 1. The Students page's data: students and their kept figures, next to what it read before, the whole tables
 *    summarised student by student, in the same run.
 * 2. One logged attempt pulled: its progress row and attempt applied and that student's figures recomputed, in the
 *    engine's pull transaction, next to recomputing every student's figures from the whole tables.
 * Medians of RUNS runs each.
 */
import 'fake-indexeddb/auto';

import { type DomainRows, TrainingDb } from '../sync/client/db.ts';
import { SyncEngine } from '../sync/client/engine.ts';
import { readStudentSummaries, rebuildFigures, summarizeWholeDevice } from '../sync/client/student-figures.ts';
import type { PatchOp, PullResponse } from '../sync/protocol.ts';
import { hoursRow, programRow, progressRow, skillRow, studentRow } from '../web/lib/testing/test-rows.ts';

const PROGRAMS = 20;
const STUDENTS = 2000;
const SKILLS = 150;
const HOURS_PER_STUDENT = 5;
const RUNS = 5;
/** Rows per write transaction while filling the device. */
const CHUNK = 10_000;

const TRACKS = [
  { type: 'ems', level: 'paramedic' },
  { type: 'fire', level: 'firefighter_1' },
  { type: 'police', level: 'basic_peace_officer' },
] as const;
const trackOf = (programIndex: number) => TRACKS[programIndex % TRACKS.length];
const skillId = (type: string, k: number) => `skill-${type}-${k}`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 0)} ms`;

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function putInChunks<N extends 'studentSkills' | 'clinicalHours'>(
  db: TrainingDb,
  name: N,
  rows: DomainRows[N][],
) {
  for (let i = 0; i < rows.length; i += CHUNK) await db.rows(name).bulkPut(rows.slice(i, i + CHUNK));
}

function largeSet() {
  const programs = Array.from({ length: PROGRAMS }, (_, p) =>
    programRow(`program-${p}`, { type: trackOf(p).type, certificationLevel: trackOf(p).level, requiredHours: 200 }),
  );
  const skills = TRACKS.flatMap(({ type, level }) =>
    Array.from({ length: SKILLS }, (_, k) =>
      skillRow(skillId(type, k), { programType: type, certificationLevel: level }),
    ),
  );
  const students = Array.from({ length: STUDENTS }, (_, s) =>
    studentRow(`student-${s}`, { programId: `program-${s % PROGRAMS}`, emsCertificationLevel: undefined }),
  );
  const progress = students.flatMap((student, s) =>
    Array.from({ length: SKILLS }, (_, k) =>
      progressRow(student.id, skillId(trackOf(s % PROGRAMS).type, k), {
        status: (s + k) % 3 === 0 ? 'completed' : 'in_progress',
        progressPercentage: (s + k) % 3 === 0 ? 100 : 40,
        attempts: (s + k) % 5,
      }),
    ),
  );
  const hours = students.flatMap((student) =>
    Array.from({ length: HOURS_PER_STUDENT }, (_, h) =>
      hoursRow(`${student.id}-hours-${h}`, student.id, { hoursCompleted: 4 + h }),
    ),
  );
  return { programs, skills, students, progress, hours };
}

async function fill(db: TrainingDb) {
  const set = largeSet();
  await db.rows('programs').bulkPut(set.programs);
  await db.rows('skills').bulkPut(set.skills);
  await db.rows('students').bulkPut(set.students);
  await putInChunks(db, 'studentSkills', set.progress);
  await putInChunks(db, 'clinicalHours', set.hours);
  return set;
}

/** An engine whose pulls answer the next patch handed to it, as the server would after another device's write. */
function pullingEngine(db: TrainingDb) {
  let version = 1;
  let patch: PatchOp[] = [];
  const engine = new SyncEngine({
    db,
    userId: 'director-1',
    autoRetry: false,
    fetch: async () => {
      const answer: PullResponse = {
        patch,
        cookie: { version: ++version, epoch: 'bench' },
        lastMutationId: 0,
        rejected: [],
      };
      return Response.json(answer);
    },
  });
  return {
    pull: (next: PatchOp[]) => {
      patch = next;
      return engine.pull();
    },
  };
}

/** Another device's attempt for one student: the pair's progress row moved on, and the attempt itself. */
function loggedAttempt(row: DomainRows['studentSkills'], run: number): PatchOp[] {
  const at = `2026-03-0${1 + (run % 9)}T09:00:00.000Z`;
  return [
    { op: 'put', table: 'studentSkills', row: { ...row, attempts: row.attempts + run + 1, updatedAt: at } },
    {
      op: 'put',
      table: 'skillAttempts',
      row: { id: `attempt-${run}`, studentId: row.studentId, skillId: row.skillId, kind: 'attempt', attemptedAt: at },
    },
  ];
}

async function main() {
  const db = new TrainingDb(`bench-device-figures-${process.pid}`);
  const filling = performance.now();
  const set = await fill(db);
  const filled = performance.now() - filling;
  const building = await timed(() => db.transaction('rw', db.tables, () => rebuildFigures(db)));
  console.log(
    `device: ${STUDENTS.toLocaleString('en-US')} students, ${set.progress.length.toLocaleString('en-US')} progress rows, ` +
      `${set.hours.length.toLocaleString('en-US')} hours entries (filled in ${(filled / 1000).toFixed(1)} s; ` +
      `figures built once in ${ms(building)})`,
  );

  const kept: number[] = [];
  const whole: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    kept.push(await timed(() => readStudentSummaries(db)));
    whole.push(await timed(() => summarizeWholeDevice(db)));
  }
  console.log(
    `1. Students page data: kept figures ${ms(median(kept))}, whole tables summarised ${ms(median(whole))} ` +
      `(${(median(whole) / median(kept)).toFixed(1)}x less time)`,
  );

  const engine = pullingEngine(db);
  const one: number[] = [];
  const every: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    one.push(await timed(() => engine.pull(loggedAttempt(set.progress[run * 997], run))));
    every.push(await timed(() => db.transaction('rw', db.tables, () => rebuildFigures(db))));
  }
  console.log(
    `2. One logged attempt pulled, its student's figures recomputed: ${ms(median(one))}; ` +
      `every student's recomputed: ${ms(median(every))} (${(median(every) / median(one)).toFixed(0)}x less time)`,
  );
  await db.delete();
}

await main();
