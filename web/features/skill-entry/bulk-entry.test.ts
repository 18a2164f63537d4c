import { describe, expect, it } from 'vitest';

import { MSG } from '#schema/messages.ts';

import {
  bulkAttemptArgs,
  type BulkEntry,
  bulkEntrySchema,
  bulkStatusText,
  bulkSuccessText,
  raisesStatus,
  SELECT_STUDENTS,
  sessionNote,
} from './bulk-entry.ts';

const entry: BulkEntry = {
  clinicalSiteId: 'site-1',
  assessmentDate: '2026-11-21',
  preceptorId: 'u1',
  level: 'emt',
  skillId: 'skill-1',
  setting: 'clinical',
  outcome: 'successful',
  status: '',
  studentIds: ['s1', 's2'],
};

describe('bulk entry form rules', () => {
  it('asks for a skill and at least one student', () => {
    const result = bulkEntrySchema.safeParse({ ...entry, skillId: '', studentIds: [] });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(messages).toEqual({ skillId: MSG.skillRequired, studentIds: SELECT_STUDENTS });
  });
  it("uses the attempt's rules for setting and outcome", () => {
    const result = bulkEntrySchema.safeParse({ ...entry, setting: 'home', outcome: 'maybe' });
    expect(result.error!.issues.map((i) => i.message)).toEqual([MSG.settingRequired, MSG.outcomeRequired]);
  });
  it('needs a real assessment date', () => {
    expect(bulkEntrySchema.safeParse({ ...entry, assessmentDate: '2026-02-30' }).success).toBe(false);
  });
});

describe("a student's attempt from the session", () => {
  it('is one attempt on the assessment day, at the site, with the session note', () => {
    const args = bulkAttemptArgs(entry, 's1', 'note');
    expect(args).toMatchObject({
      studentId: 's1',
      skillId: 'skill-1',
      setting: 'clinical',
      outcome: 'successful',
      clinicalSiteId: 'site-1',
      notes: 'note',
    });
    expect(new Date(args.attemptedAt).toISOString()).toBe(new Date('2026-11-21T12:00:00').toISOString());
    expect(bulkAttemptArgs(entry, 's1', 'note').id).not.toBe(args.id);
  });
});

describe('the session status never lowers one', () => {
  it('raises a student who has not started or is in progress, never a completed one', () => {
    expect(raisesStatus('completed', undefined)).toBe(true);
    expect(raisesStatus('completed', 'in_progress')).toBe(true);
    expect(raisesStatus('in_progress', 'not_started')).toBe(true);
    expect(raisesStatus('in_progress', 'completed')).toBe(false);
    expect(raisesStatus('needs_improvement', 'completed')).toBe(false);
    expect(raisesStatus('completed', 'completed')).toBe(false);
    expect(raisesStatus('needs_improvement', 'in_progress')).toBe(false);
  });
});

describe('texts', () => {
  it('names the site, date and preceptor when chosen', () => {
    expect(sessionNote(entry, 'St. Mary', 'Pat Nguyen')).toBe(
      'Bulk entry session at St. Mary on 2026-11-21, preceptor Pat Nguyen',
    );
    expect(sessionNote(entry, undefined, undefined)).toBe('Bulk entry session on 2026-11-21');
  });
  it('says who got the chosen status and who already had it or higher', () => {
    expect(bulkStatusText('in_progress', 1, 3)).toBe(
      'Status In Progress given to 1 student; 2 students already had it or higher',
    );
    expect(bulkStatusText('completed', 2, 2)).toBe('Status Completed given to 2 students');
  });
  it('counts the students in the toast', () => {
    expect(bulkSuccessText(1)).toBe('Attempt logged for 1 student');
    expect(bulkSuccessText(2)).toBe('Attempt logged for 2 students');
  });
});
