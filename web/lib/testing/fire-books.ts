/**
 * Three fire candidates' task books as a device holds them, for the screens that show JPRs signed / required and the
 * book's state (the fire tracker, the candidate's home, the task-book page). Counted by hand:
 * - Ana (FF I Academy, 3 JPRs): a passed; b failed then passed; c failed once: 2 / 3, In progress.
 * - Ben (FF I Academy): no book: 0 / 3, Not started.
 * - Cy (FF II Academy, 2 JPRs, which signs JPRs done in training again): d passed in training (does not count), e
 *   passed: 1 / 2, In progress.
 * - Dee (FF I Academy): a, b and c passed: 3 / 3; her book is certified.
 * Together 6 of 11 JPRs signed, 1 book certified.
 */
import type { DomainRows } from '#sync/client/db.ts';

import { programRow, skillRow, studentRow } from './test-rows.ts';
import { type SeedRows, userRow } from './test-sync.tsx';

const stamp = { createdAt: '2026-10-01T00:00:00.000Z', updatedAt: '2026-10-01T00:00:00.000Z', version: 1 };

function book(id: string, studentId: string, programId: string, level: string, state: string): DomainRows['taskBooks'] {
  const signed = state === 'certified';
  return {
    ...stamp,
    id,
    studentId,
    programId,
    level,
    state,
    startedBy: 'staff',
    startedOn: '2026-10-01',
    verifiedBy: signed ? 'staff' : null,
    verifiedName: signed ? 'Rosa Diaz' : null,
    verifiedSignature: signed ? { kind: 'typed', name: 'Rosa Diaz' } : null,
    verifiedAt: signed ? '2026-10-20T12:00:00.000Z' : null,
    certifiedBy: signed ? 'chief' : null,
    certifiedName: signed ? 'Chief Omar Hale' : null,
    certifiedSignature: signed ? { kind: 'typed', name: 'Chief Omar Hale' } : null,
    certifiedAt: signed ? '2026-10-21T12:00:00.000Z' : null,
  };
}

let jprCount = 0;
function jpr(
  taskBookId: string,
  studentId: string,
  skillId: string,
  performedOn: string,
  passed: boolean,
  inTraining = false,
): DomainRows['jprSignOffs'] {
  jprCount++;
  return {
    ...stamp,
    id: `jpr-${jprCount}`,
    taskBookId,
    studentId,
    skillId,
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
    evaluatorId: 'staff',
    signature: { kind: 'typed', name: 'Rosa Diaz' },
    capturedAt: `${performedOn}T12:00:00.000Z`,
    recordedBy: 'staff',
    cosignStep: null,
  };
}

const fireSkill = (id: string, level: string, ref: string) =>
  skillRow(id, {
    name: `JPR ${ref}`,
    programType: 'fire',
    certificationLevel: level,
    category: 'Fireground',
    standardReference: `NFPA 1001 (2019) ${ref}`,
  });

/** The rows; `userId` is the account Ana signs in with (her own phone), if any. */
export function fireBookRows(userId: string | null = null): SeedRows {
  return {
    users: userId ? [userRow(userId, { role: 'student', email: 'ana@example.test' })] : [],
    programs: [
      programRow('ff1', { name: 'FF I Academy', type: 'fire', certificationLevel: 'firefighter_1' }),
      programRow('ff2', {
        name: 'FF II Academy',
        type: 'fire',
        certificationLevel: 'firefighter_2',
        taskBookRules: { attemptsPerDay: 2, attemptDays: 2, resignTrainingJprs: true },
      }),
    ],
    skills: [
      fireSkill('a', 'firefighter_1', '4.3.1'),
      fireSkill('b', 'firefighter_1', '4.3.6'),
      fireSkill('c', 'firefighter_1', '4.3.10'),
      fireSkill('d', 'firefighter_2', '5.3.1'),
      fireSkill('e', 'firefighter_2', '5.3.2'),
    ],
    students: [
      studentRow('ana', { firstName: 'Ana', lastName: 'Lopez', programId: 'ff1', userId }),
      studentRow('ben', { firstName: 'Ben', lastName: 'Ruiz', programId: 'ff1' }),
      studentRow('cy', { firstName: 'Cy', lastName: 'Park', programId: 'ff2' }),
      studentRow('dee', { firstName: 'Dee', lastName: 'Adams', programId: 'ff1' }),
    ],
    taskBooks: [
      book('book-ana', 'ana', 'ff1', 'firefighter_1', 'started'),
      book('book-cy', 'cy', 'ff2', 'firefighter_2', 'started'),
      book('book-dee', 'dee', 'ff1', 'firefighter_1', 'certified'),
    ],
    jprSignOffs: [
      jpr('book-ana', 'ana', 'a', '2026-11-02', true),
      jpr('book-ana', 'ana', 'b', '2026-11-02', false),
      jpr('book-ana', 'ana', 'b', '2026-11-03', true),
      jpr('book-ana', 'ana', 'c', '2026-11-03', false),
      jpr('book-cy', 'cy', 'd', '2026-10-01', true, true),
      jpr('book-cy', 'cy', 'e', '2026-10-02', true),
      ...['a', 'b', 'c'].map((skill) => jpr('book-dee', 'dee', skill, '2026-10-05', true)),
    ],
  };
}
