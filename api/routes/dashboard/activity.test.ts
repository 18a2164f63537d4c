import { describe, expect, it } from 'vitest';
import { activitySummary, toActivityEntry, type AuditRow } from './activity.ts';

const entry = (tableName: string, action: string, changes: AuditRow['changes']): AuditRow => ({
  id: 7,
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

  it('answers the entry with its actor', () => {
    expect(toActivityEntry(entry('programs', 'delete', {}), { actorName: 'Pat Kim' })).toEqual({
      id: 7,
      at: '2026-07-01T10:00:00.000Z',
      actorName: 'Pat Kim',
      command: 'cmd',
      tableName: 'programs',
      recordId: 'r1',
      summary: 'Removed program',
    });
  });
});
