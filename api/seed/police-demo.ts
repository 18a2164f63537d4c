/**
 * The police half of the demo: a field training program, a recruit (`police_recruit@demo.test`), their FTO
 * (`police_fto@demo.test`) and a supervisor (`police_supervisor@demo.test`), with three weeks of Daily Observation
 * Reports, the older ones signed through every step and the latest ones waiting for the trainee and the supervisor.
 * Deterministic, so every demo looks the same.
 */
import type { DorRating, DorRatingValue } from '#schema/dor.ts';
import { needsComment } from '#schema/dor.ts';
import { DEFAULT_DOR_CATEGORIES } from '#schema/dor-categories.ts';
import { plural } from '#schema/plural.ts';
import * as t from '#schema/tables.ts';

import type { CommandContext } from '../commands/command.ts';

export const POLICE_DEMO_EMAILS = {
  recruit: 'police_recruit@demo.test',
  fto: 'police_fto@demo.test',
  supervisor: 'police_supervisor@demo.test',
} as const;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** Weekday shifts over the last three weeks, oldest first (offsets in days from today). */
const SHIFT_DAYS = [-22, -21, -20, -19, -18, -15, -14, -13, -12, -11, -8, -7, -6, -5, -4, -1];

const COMMENTS: Record<string, string> = {
  low: 'Needed prompting; we went over it again after the call.',
  high: 'Handled it without help, well ahead of the phase.',
  NRT: 'Same error as last week after retraining.',
  REM: 'Thirty minutes of remedial training on this after the shift.',
};

/** A category's rating on the n-th shift: improving over the weeks, a few not observed, comments where required. */
function ratingOn(shift: number, category: number): DorRating {
  const wobble = ((category * 7 + shift * 3) % 5) - 2;
  const observed = (category + shift) % 4 !== 0;
  const value: DorRatingValue = !observed
    ? 'N.O.'
    : (Math.min(7, Math.max(1, Math.round(2.6 + shift * 0.18 + wobble * 0.6))) as DorRatingValue);
  const comment = needsComment(value)
    ? typeof value === 'number'
      ? COMMENTS[value <= 2 ? 'low' : 'high']
      : COMMENTS[value]
    : null;
  return { rating: value, comment };
}

export function seedPoliceDemo(ctx: CommandContext, passwordHash: string, directorId: string): void {
  const user = (email: string, firstName: string, lastName: string, role: string) =>
    ctx.insert(t.users, { email, passwordHash, firstName, lastName, role, phone: '555-0170', department: 'Patrol' });
  const recruit = user(POLICE_DEMO_EMAILS.recruit, 'Riley', 'Carter', 'student');
  const fto = user(POLICE_DEMO_EMAILS.fto, 'Frank', 'Torres', 'preceptor');
  const supervisor = user(POLICE_DEMO_EMAILS.supervisor, 'Maria', 'Delgado', 'instructor');
  const program = ctx.insert(t.programs, {
    name: 'Police Field Training 2026',
    type: 'police',
    certificationLevel: 'basic_peace_officer',
    description: 'San Jose model field training: daily observation reports (demo)',
    durationWeeks: 17,
    directorId,
    certifications: [],
  });
  ctx.insert(t.programMembers, { programId: program.id, userId: fto.id, assignedRole: 'preceptor' });
  ctx.insert(t.programMembers, { programId: program.id, userId: supervisor.id, assignedRole: 'instructor' });
  const trainee = ctx.insert(t.students, {
    userId: recruit.id,
    firstName: 'Riley',
    lastName: 'Carter',
    email: POLICE_DEMO_EMAILS.recruit,
    phone: '555-0171',
    studentCode: 'PD-2026-014',
    emsCertificationLevel: 'emt',
    programId: program.id,
    enrollmentDate: day(-120),
    expectedGraduation: day(-22 + 17 * 7),
  });
  SHIFT_DAYS.forEach((offset, shift) => {
    const date = day(offset);
    const signedAt = (hour: number, later = 0) => `${day(offset + later)}T${String(hour).padStart(2, '0')}:30:00.000Z`;
    // the last shift awaits the trainee, the one before the supervisor; the rest went through every step
    const last = shift === SHIFT_DAYS.length - 1;
    const awaitingReview = shift === SHIFT_DAYS.length - 2;
    const signatures = {
      complete: { by: fto.id, at: signedAt(23), signature: { kind: 'typed' as const, name: 'Frank Torres' } },
      ...(last
        ? {}
        : {
            acknowledge: {
              by: recruit.id,
              at: signedAt(9, 1),
              signature: { kind: 'typed' as const, name: 'Riley Carter' },
            },
          }),
      ...(last || awaitingReview
        ? {}
        : {
            review: {
              by: supervisor.id,
              at: signedAt(15, 2),
              signature: { kind: 'typed' as const, name: 'Maria Delgado' },
            },
          }),
    };
    ctx.insert(t.dors, {
      studentId: trainee.id,
      ftoId: fto.id,
      date,
      shiftStart: '15:00',
      shiftEnd: '23:00',
      assignment: `Patrol, district ${(shift % 4) + 1}`,
      ratings: Object.fromEntries(DEFAULT_DOR_CATEGORIES.map((c, i) => [c.code, ratingOn(shift, i)])),
      narrative:
        shift < 5
          ? 'Observed the FTO on most calls; took the lead on two traffic stops with prompting.'
          : 'Took the lead on most calls; officer safety at the domestic call was good, the report needed rework.',
      trainingPlan: 'Report writing: organization of the narrative. Radio: plate checks without prompting.',
      activityLog: `${plural(2 + (shift % 3), 'traffic stop')}, ${plural(1 + (shift % 2), 'report')}, ${plural(shift % 3, 'arrest')}.`,
      status: last ? 'completed' : awaitingReview ? 'acknowledged' : 'reviewed',
      signatures,
    });
  });
}
