import { describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages.ts';
import {
  SELECT_STUDENTS,
  bulkEntrySchema,
  bulkProgressArgs,
  bulkSuccessText,
  sessionNote,
  type BulkEntry,
} from './bulk-entry.ts';

const entry: BulkEntry = {
  clinicalSiteId: 'site-1',
  assessmentDate: '2026-11-21',
  preceptorId: 'u1',
  level: 'emt',
  skillId: 'skill-1',
  status: 'completed',
  progressPercentage: 100,
  studentIds: ['s1', 's2'],
};

describe('bulk entry form rules', () => {
  it('asks for a skill and at least one student', () => {
    const result = bulkEntrySchema.safeParse({ ...entry, skillId: '', studentIds: [] });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(messages).toEqual({ skillId: MSG.skillRequired, studentIds: SELECT_STUDENTS });
  });
  it('uses the progress form rule for the percentage', () => {
    const result = bulkEntrySchema.safeParse({ ...entry, progressPercentage: 101 });
    expect(result.error!.issues[0].message).toBe(MSG.progressRange);
  });
  it('needs a real assessment date', () => {
    expect(bulkEntrySchema.safeParse({ ...entry, assessmentDate: '2026-02-30' }).success).toBe(false);
  });
});

describe("a student's record from the session", () => {
  it('starts a record with one attempt on the assessment date', () => {
    expect(bulkProgressArgs(entry, 's1', undefined, 'note')).toEqual({
      studentId: 's1',
      skillId: 'skill-1',
      status: 'completed',
      progressPercentage: 100,
      attempts: 1,
      successfulAttempts: 1,
      lastAttemptDate: '2026-11-21',
      nextAssessmentDate: null,
      notes: 'note',
    });
  });
  it('adds an attempt to an existing record and keeps its next date and notes', () => {
    const existing = { attempts: 2, successfulAttempts: 1, nextAssessmentDate: '2026-12-01', notes: 'earlier' };
    expect(
      bulkProgressArgs({ ...entry, status: 'in_progress', progressPercentage: 60 }, 's1', existing, 'note'),
    ).toMatchObject({
      status: 'in_progress',
      progressPercentage: 60,
      attempts: 3,
      successfulAttempts: 1,
      nextAssessmentDate: '2026-12-01',
      notes: 'note\nearlier',
    });
  });
  it('keeps notes within the field limit', () => {
    const existing = { attempts: 0, successfulAttempts: 0, nextAssessmentDate: null, notes: 'x'.repeat(5000) };
    expect(bulkProgressArgs(entry, 's1', existing, 'note').notes).toHaveLength(5000);
  });
});

describe('texts', () => {
  it('names the site, date and preceptor when chosen', () => {
    expect(sessionNote(entry, 'St. Mary', 'Pat Nguyen')).toBe(
      'Bulk entry session at St. Mary on 2026-11-21, preceptor Pat Nguyen',
    );
    expect(sessionNote(entry, undefined, undefined)).toBe('Bulk entry session on 2026-11-21');
  });
  it('counts the students in the toast', () => {
    expect(bulkSuccessText(1)).toBe('Skill progress updated successfully for 1 student');
    expect(bulkSuccessText(2)).toBe('Skill progress updated successfully for 2 students');
  });
});
