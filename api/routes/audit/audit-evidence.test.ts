/**
 * The audit trail after evidence rows stopped repeating themselves in the audit log: the same history, written the old
 * way (an audit entry for every row written, the trail reading the log alone) and the new way (evidence rows are their
 * own entries, derived figures have none), lists the same actions, actors, times and records, bar the summary rows'
 * figures that only followed from the evidence.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { runCommand } from '#api/commands/command.ts';
import { COMMANDS } from '#api/commands/registry.ts';
import { SUMMARY_JUDGED_FIELDS } from '#api/domain/evidence/skill-summary.ts';
import { asSystem } from '#api/seed/standards.ts';
import { type TestApp, testApp } from '#api/test/helpers.ts';
import type { AuditEntry, AuditPage } from '#schema/audit.ts';
import type { Role } from '#schema/enums.ts';
import * as t from '#schema/tables.ts';

/** Old writes: the audit log keeps every row written, in full, as it did before evidence rows became entries. */
const writesOld = vi.hoisted(() => ({ on: false }));
vi.mock('#api/commands/audit-policy.ts', async (real) => {
  const policy = await real<typeof import('#api/commands/audit-policy.ts')>();
  return {
    ...policy,
    auditedChanges: (...args: Parameters<typeof policy.auditedChanges>) =>
      writesOld.on ? args[2] : policy.auditedChanges(...args),
  };
});

const START = Date.UTC(2030, 0, 7, 9);
const ID = {
  program: '00000000-0000-4000-8000-000000000001',
  student: '00000000-0000-4000-8000-000000000002',
  skill: '00000000-0000-4000-8000-000000000003',
  attempt: '00000000-0000-4000-8000-000000000004',
  ownAttempt: '00000000-0000-4000-8000-000000000005',
  void: '00000000-0000-4000-8000-000000000006',
  contact: '00000000-0000-4000-8000-000000000007',
  hours: '00000000-0000-4000-8000-000000000008',
};

beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
afterEach(() => {
  vi.useRealTimers();
  writesOld.on = false;
});

/** A fresh app whose accounts were made before the history starts, so that the trail from its start leaves them out. */
function appBefore() {
  vi.setSystemTime(START - 86_400_000);
  return testApp();
}

/** The seeded history: every kind of evidence row, a void, a removal, a progress form with notes, an edit. */
function writeHistory(h: TestApp) {
  let step = 0;
  const run = (role: Role, name: string, args: unknown) => {
    vi.setSystemTime(START + ++step * 60_000);
    const command = COMMANDS.get(name);
    if (!command) throw new Error(name);
    return runCommand(h.db, command, { id: h.users[role].id, role }, args);
  };
  vi.setSystemTime(START);
  asSystem(h.db, 'fixture', (ctx) => {
    ctx.insert(t.programs, { id: ID.program, name: 'EMT', type: 'ems', certificationLevel: 'emt', certifications: [] });
    ctx.insert(t.programMembers, { programId: ID.program, userId: h.users.instructor.id, assignedRole: 'instructor' });
    ctx.insert(t.students, {
      id: ID.student,
      userId: h.users.student.id,
      firstName: 'Ana',
      lastName: 'Ruiz',
      email: 'ana@example.org',
      phone: '555',
      studentCode: 'S-1',
      programId: ID.program,
      enrollmentDate: '2029-09-01',
      expectedGraduation: '2030-06-01',
    });
    ctx.insert(t.skills, {
      id: ID.skill,
      code: 'k1',
      name: 'Insert OPA',
      category: 'Airway',
      programType: 'ems',
      certificationLevel: 'emt',
      minimumAttempts: 3,
    });
  });
  const attempt = { studentId: ID.student, skillId: ID.skill, attemptedAt: '2030-01-06T10:00:00.000Z' };
  run('instructor', 'logSkillAttempt', { ...attempt, id: ID.attempt, setting: 'lab', outcome: 'successful' });
  run('student', 'logSkillAttempt', { ...attempt, id: ID.ownAttempt, setting: 'clinical', outcome: 'unsuccessful' });
  run('instructor', 'voidSkillAttempt', { id: ID.void, attemptId: ID.attempt, reason: 'Wrong student' });
  run('instructor', 'recordSkillProgress', {
    studentId: ID.student,
    skillId: ID.skill,
    status: 'in_progress',
    progressPercentage: 40,
    attempts: 3,
    successfulAttempts: 1,
    notes: 'Keeps the head tilted',
  });
  run('student', 'logPatientContact', {
    id: ID.contact,
    studentId: ID.student,
    date: '2030-01-05',
    setting: 'field',
    ageYears: 54,
    gender: 'female',
    chiefComplaints: ['Chest pain'],
    primaryImpression: 'ACS',
    careLevel: 'als',
    disposition: 'transported',
  });
  run('student', 'deletePatientContact', { id: ID.contact, reason: 'Logged twice' });
  run('student', 'logClinicalHours', { id: ID.hours, studentId: ID.student, date: '2030-01-05', hoursCompleted: 6 });
  run('director', 'updateStudent', { id: ID.student, changes: { phone: '556' } });
}

/** Every entry of the trail from the history's start, page after page, as the screen loads them. */
async function trail(h: TestApp) {
  const entries: AuditEntry[] = [];
  let before: string | null = '';
  while (before !== null) {
    const query: string = `from=2030-01-07${before ? `&before=${encodeURIComponent(before)}` : ''}`;
    const page = (await (await h.as('director', 'GET', `/api/audit?${query}`)).json()) as AuditPage;
    entries.push(...page.entries);
    before = page.nextBefore;
  }
  return entries;
}

/** What a user reads of an entry; a record the history did not name (the progress form's correction) by its table. */
const known = new Set(Object.values(ID));
const seen = (e: Pick<AuditEntry, 'action' | 'actorName' | 'at' | 'table' | 'recordId'>) =>
  [e.at, e.action, e.actorName, e.table, known.has(e.recordId) ? e.recordId : `new ${e.table}`].join(' ');

/** A summary row's entry that says only what the evidence rows already said. */
const onlyDerived = (e: AuditEntry) =>
  e.table === 'student_skills' && !SUMMARY_JUDGED_FIELDS.some((field) => field in e.changes);

async function oldAndNew() {
  const old = appBefore();
  writesOld.on = true;
  writeHistory(old);
  writesOld.on = false;
  // rows written the old way have their audit entries, and the trail lists them by those alone
  const oldEntries = await trail(old);
  const current = appBefore();
  writeHistory(current);
  return { old, oldEntries, current, newEntries: await trail(current) };
}

describe('the audit trail lists evidence rows as their own entries', () => {
  it('shows the same actions, actors, times and records as when every row had an audit entry', async () => {
    const { old, oldEntries, current, newEntries } = await oldAndNew();
    const kept = oldEntries.filter((e) => !onlyDerived(e));
    expect(kept.length).toBeLessThan(oldEntries.length);
    expect(newEntries.map(seen).sort()).toEqual(kept.map(seen).sort());
    // an evidence row's entry says each field it was created with, as its audit entry did (accounts named by role)
    const created = (h: TestApp, entries: AuditEntry[], id: string) =>
      Object.entries(h.users).reduce(
        (text, [role, user]) => text.replaceAll(user.id, role),
        JSON.stringify(entries.find((e) => e.recordId === id && e.action === 'create')?.changes),
      );
    for (const id of [ID.ownAttempt, ID.hours, ID.contact]) {
      expect(created(current, newEntries, id)).toEqual(created(old, oldEntries, id));
    }
  });

  it('exports the same rows to CSV, bar the derived figures', async () => {
    const { old, current } = await oldAndNew();
    const csv = async (h: TestApp) =>
      (await (await h.as('director', 'GET', '/api/audit/export?from=2030-01-07')).text())
        .replace('\ufeff', '')
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(','))
        .filter(
          ([, , , , table, , , field]) => table !== 'student_skills' || SUMMARY_JUDGED_FIELDS.includes(field as never),
        )
        .map(([at, actor, , , table, recordId, action, field]) =>
          [at, actor, table, known.has(recordId) ? recordId : `new ${table}`, action, field].join(' '),
        )
        .sort();
    expect(await csv(current)).toEqual(await csv(old));
  });

  it("writes no audit entry for an evidence row or a derived count, and one for each human change and each change of a skill's shown progress (the trend replays it)", async () => {
    const current = appBefore();
    writeHistory(current);
    const logged = current.db.$client
      .prepare(`select table_name as tableName, action from audit_log where at >= '2030-01-07' order by id`)
      .all()
      .map((r) => Object.values(r as object).join(' '));
    expect(logged).toEqual([
      'programs create',
      'program_members create',
      'students create',
      'skills create',
      'student_skills create',
      'skill_attempt_voids create',
      'student_skills update',
      'student_skills update',
      'patient_contacts delete',
      'students update',
    ]);
  });
});
