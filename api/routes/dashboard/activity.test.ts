import { describe, expect, it } from 'vitest';

import { activityActorName, activitySummary, type AuditRow, toActivityEntry } from './activity.ts';

const entry = (tableName: string, action: string, changes: AuditRow['changes']): AuditRow => ({
  id: '7',
  at: '2026-07-01T10:00:00.000Z',
  actorId: 'u1',
  command: 'cmd',
  tableName,
  recordId: 'r1',
  action,
  changes,
  version: 3,
});
const change = (after: unknown) => ({ before: null, after });

describe('activitySummary', () => {
  const names = { actorName: 'Pat Kim', studentName: 'Ana Lopez', skillName: 'Perform CPR – Adult' };

  it("says what happened to a student's skill progress", () => {
    expect(
      activitySummary(
        entry('student_skills', 'create', { status: change('completed'), progressPercentage: change(100) }),
        names,
      ),
    ).toBe('Ana Lopez: Perform CPR – Adult marked Completed');
    expect(activitySummary(entry('student_skills', 'update', { progressPercentage: change(60) }), names)).toBe(
      'Ana Lopez: Perform CPR – Adult progress set to 60%',
    );
    expect(activitySummary(entry('student_skills', 'update', { notes: change('ok') }), names)).toBe(
      'Ana Lopez: Perform CPR – Adult progress updated',
    );
    expect(activitySummary(entry('student_skills', 'delete', { deletedAt: change('2026-07-01') }), names)).toBe(
      'Ana Lopez: Perform CPR – Adult progress removed',
    );
  });

  it('says how many hours were logged', () => {
    const created = entry('clinical_hours', 'create', {
      date: change('2026-06-30'),
      hoursCompleted: change(6),
      hourType: change('field'),
    });
    expect(activitySummary(created, names)).toBe('Ana Lopez: 6 field hours logged for 2026-06-30');
    const removed = entry('clinical_hours', 'delete', { deletedAt: change('2026-07-01') });
    expect(activitySummary(removed, { ...names, record: { date: '2026-06-30' } })).toBe(
      'Ana Lopez: hours of 2026-06-30 removed',
    );
  });

  it('names other records, but never a message', () => {
    expect(
      activitySummary(entry('programs', 'update', { name: change('EMT Fall') }), {
        actorName: 'x',
        record: { name: 'EMT Fall' },
      }),
    ).toBe('Updated program EMT Fall');
    expect(
      activitySummary(entry('students', 'create', {}), {
        actorName: 'x',
        record: { firstName: 'Ana', lastName: 'Lopez' },
      }),
    ).toBe('Added student Ana Lopez');
    expect(activitySummary(entry('messages', 'create', {}), { actorName: 'x', record: { subject: 'Private' } })).toBe(
      'Added message',
    );
  });

  it('says one hour, not one hours', () => {
    const created = entry('clinical_hours', 'create', {
      date: change('2026-06-30'),
      hoursCompleted: change(1),
      hourType: change('clinical'),
    });
    expect(activitySummary(created, names)).toBe('Ana Lopez: 1 clinical hour logged for 2026-06-30');
  });

  const signOff = {
    studentId: 's1',
    records: [{ kind: 'attempt', id: 'a1' }],
    preceptor: { name: 'Pat Nguyen' },
    status: 'awaiting',
  };

  it('says what happened to a sign-off and whose it is, never its table name', () => {
    const withSignOff = { ...names, record: signOff, signOff };
    expect(activitySummary(entry('sign_offs', 'create', { status: change('awaiting') }), withSignOff)).toBe(
      'Ana Lopez: 1 record signed off by Pat Nguyen, awaiting confirmation',
    );
    expect(activitySummary(entry('sign_offs', 'update', { status: change('confirmed') }), withSignOff)).toBe(
      "Ana Lopez: Pat Nguyen's sign-off confirmed",
    );
    expect(activitySummary(entry('sign_offs', 'update', { status: change('disputed') }), withSignOff)).toBe(
      "Ana Lopez: Pat Nguyen's sign-off disputed",
    );
    expect(activitySummary(entry('sign_offs', 'update', { linkExpiresAt: change('2026-07-08') }), withSignOff)).toBe(
      "Ana Lopez: confirm link made for Pat Nguyen's sign-off",
    );
    for (const table of ['sign_offs', 'sign_off_links', 'skill_attempt_voids', 'program_members'])
      expect(activitySummary(entry(table, 'update', {}), { actorName: 'x' })).not.toMatch(/_/);
  });

  it("a sign-off's confirmation verifies the attempt: it says so, not that the attempt was logged again", () => {
    const attempt = { outcome: 'successful', setting: 'clinical', verifiedBy: 'sign-off:so1' };
    expect(
      activitySummary(entry('skill_attempts', 'update', { verifiedBy: { before: null, after: 'sign-off:so1' } }), {
        ...names,
        record: attempt,
        signOff,
      }),
    ).toBe("Ana Lopez: Perform CPR – Adult attempt verified by Pat Nguyen's sign-off");
    expect(
      activitySummary(entry('skill_attempts', 'update', { verifiedBy: { before: 'sign-off:so1', after: null } }), {
        ...names,
        record: { ...attempt, verifiedBy: null },
        signOff,
      }),
    ).toBe('Ana Lopez: Perform CPR – Adult attempt no longer verified (its sign-off stopped counting)');
  });

  it('credits a confirmation by link to the preceptor who signed, not to "System"', () => {
    expect(activityActorName('preceptor-link', new Map(), signOff)).toBe('Pat Nguyen (preceptor, by confirm link)');
    expect(activityActorName('u1', new Map([['u1', 'Pat Kim']]))).toBe('Pat Kim');
    expect(activityActorName(null, new Map())).toBe('System');
  });

  it('answers the entry with its actor', () => {
    expect(toActivityEntry(entry('programs', 'delete', {}), { actorName: 'Pat Kim' })).toEqual({
      id: '7',
      at: '2026-07-01T10:00:00.000Z',
      actorName: 'Pat Kim',
      command: 'cmd',
      tableName: 'programs',
      recordId: 'r1',
      summary: 'Removed program',
    });
  });
});
