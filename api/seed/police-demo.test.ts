/**
 * The police half of the demo: the recruit has a few weeks of Daily Observation Reports that the app's own rules
 * would have accepted (ratings and comments, signatures in order by the right people), and the tracker's figures of
 * them are the ones counted from the seed's own rows.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { openDb } from '#api/db/open.ts';
import { daysBetween } from '#schema/dates.ts';
import { dorPhaseRulesOf, signatureRefusal } from '#schema/dor.ts';
import { DEFAULT_DOR_CATEGORIES, dorCategoriesOf } from '#schema/dor-categories.ts';
import { dorProgress } from '#schema/dor-progress.ts';
import { dorRatingSchema, saveDorSchema } from '#schema/dor-schema.ts';
import * as t from '#schema/tables.ts';

import { seedDemo } from './demo.ts';
import { POLICE_DEMO_EMAILS } from './police-demo.ts';
import { seedStandards } from './standards.ts';

const db = openDb(':memory:');
beforeAll(() => {
  seedStandards(db);
  seedDemo(db, 'demo-test-password');
});

const userOf = (email: string) => db.select().from(t.users).where(eq(t.users.email, email)).get()!;
const reportsOfRecruit = () => {
  const recruit = userOf(POLICE_DEMO_EMAILS.recruit);
  const student = db.select().from(t.students).where(eq(t.students.userId, recruit.id)).get()!;
  return { student, dors: db.select().from(t.dors).where(eq(t.dors.studentId, student.id)).all() };
};

describe("the demo's police recruit", () => {
  it('has three weeks of reports, each one the rules would have accepted', () => {
    const { student, dors } = reportsOfRecruit();
    const dates = dors.map((d) => d.date).sort();
    expect(dors.length).toBeGreaterThanOrEqual(10);
    expect(daysBetween(dates[0], dates.at(-1)!)).toBeGreaterThanOrEqual(14);
    for (const d of dors) {
      const save = saveDorSchema.safeParse({
        studentId: student.id,
        date: d.date,
        stamp: '0000000000001-00000-seed',
        changes: {
          shiftStart: d.shiftStart,
          shiftEnd: d.shiftEnd,
          assignment: d.assignment,
          narrative: d.narrative,
          trainingPlan: d.trainingPlan,
          activityLog: d.activityLog,
          ratings: d.ratings,
        },
      });
      expect(save.error, d.date).toBeUndefined();
      expect(Object.keys(d.ratings).sort()).toEqual(DEFAULT_DOR_CATEGORIES.map((c) => c.code).sort());
      for (const r of Object.values(d.ratings)) expect(dorRatingSchema.safeParse(r).success).toBe(true);
    }
  });

  it('has each step signed in order by its own signer, a typed name being theirs', () => {
    const signers = {
      complete: userOf(POLICE_DEMO_EMAILS.fto),
      acknowledge: userOf(POLICE_DEMO_EMAILS.recruit),
      review: userOf(POLICE_DEMO_EMAILS.supervisor),
    };
    const steps = { completed: ['complete'], acknowledged: ['complete', 'acknowledge'] } as Record<string, string[]>;
    const { dors } = reportsOfRecruit();
    for (const d of dors) {
      expect(Object.keys(d.signatures)).toEqual(steps[d.status] ?? ['complete', 'acknowledge', 'review']);
      for (const [phase, s] of Object.entries(d.signatures)) {
        const signer = signers[phase as keyof typeof signers];
        expect(s.by).toBe(signer.id);
        expect(signatureRefusal(s.signature, signer)).toBeNull();
      }
      const at = Object.values(d.signatures).map((s) => s.at);
      expect(at).toEqual([...at].sort());
    }
    // a newcomer finds one report for each step still owed
    expect(dors.filter((d) => d.status === 'completed')).toHaveLength(1);
    expect(dors.filter((d) => d.status === 'acknowledged')).toHaveLength(1);
  });

  it("gives the tracker a phase and a share counted from the seed's rows", () => {
    const { student, dors } = reportsOfRecruit();
    const program = db.select().from(t.programs).where(eq(t.programs.id, student.programId)).get()!;
    const progress = dorProgress(dors, dorCategoriesOf(program), dorPhaseRulesOf(program));
    expect(progress.points).toHaveLength(dors.length);
    // the first shift 22 days ago, the last yesterday: 21 days on, week 4, the first interval's last week (1-4)
    expect(progress.week).toBe(4);
    expect(progress.phase).toBe(1);
    expect(progress.missing).toMatchObject({ toComplete: 0, toAcknowledge: 1, toReview: 1 });
  });
});
