/**
 * The student's home figures ("how far am I from graduating?"), from the rows on the device: the same summary every
 * other screen and the progress report use (schema/student-summary.ts), successful attempts by setting against the
 * program's minimums, patient contacts against the SMC tables, what still waits for a preceptor, and what is next.
 */
import { type ContactFigures, contactFigures } from '#schema/contact-figures.ts';
import { daysBetween } from '#schema/dates.ts';
import { ATTEMPT_SETTING_LABELS, ATTEMPT_SETTINGS, type AttemptSetting } from '#schema/enums.ts';
import { hoursRemaining } from '#schema/progress.ts';
import { signOffState } from '#schema/sign-off.ts';
import { figuresOf, skillMinimum } from '#schema/skill-figures.ts';
import { addUpHours, skillsByTrack, type StudentSummary, summarizeStudent } from '#schema/student-summary.ts';
import type { DomainRows } from '#sync/client/db.ts';

import { unreadCount } from '../messages/index.ts';

export interface MyRows {
  student: DomainRows['students'];
  program: DomainRows['programs'] | undefined;
  skills: readonly DomainRows['skills'][];
  progress: readonly DomainRows['studentSkills'][];
  hours: readonly DomainRows['clinicalHours'][];
  contacts: readonly DomainRows['patientContacts'][];
  signOffs: readonly DomainRows['signOffs'][];
  requests: readonly DomainRows['requests'][];
  messages: readonly DomainRows['messages'][];
  /** Records of the student's own that no sign-off holds yet (web/features/sign-offs). */
  unsignedRecords: number;
}

export interface SettingFigure {
  setting: AttemptSetting;
  label: string;
  /** Successful verified attempts in this setting. */
  successful: number;
  /** Successful attempts the program requires in this setting over the track's skills (0: no minimum). */
  required: number;
  /** Of `required`, how many are met: each skill's successes count up to its own minimum. */
  met: number;
}

export interface Upcoming {
  id: string;
  title: string;
  /** YYYY-MM-DD for an assessment, an ISO date-time for a shift. */
  when: string;
}

export interface MyProgress {
  summary: StudentSummary;
  hoursLeft: number;
  daysToGraduation: number;
  /** How much of the time from enrollment to expected graduation has passed, 0 to 100: the pace progress is read against. */
  timePassed: number;
  settings: SettingFigure[];
  /** The SMC tables: for EMS programs only (CoAEMSP), null otherwise. */
  contacts: ContactFigures | null;
  waiting: {
    unverifiedAttempts: number;
    unverifiedContacts: number;
    /** Hours (not entries) awaiting verification. */
    unverifiedHours: number;
    /** Hours only refused sign-offs hold: awaiting nobody until signed off again. */
    refusedHours: number;
    awaitingConfirmation: number;
    /** Confirmed by link from an address the program does not know: still waiting, for a coordinator to accept. */
    awaitingCoordinator: number;
    expiredLinks: number;
    unsigned: number;
  };
  assessments: Upcoming[];
  shifts: Upcoming[];
  unreadMessages: number;
}

const UPCOMING_SHOWN = 3;

function settingFigures(
  summary: StudentSummary,
  rows: MyRows,
  bySkill: Map<string, DomainRows['studentSkills']>,
): SettingFigure[] {
  const byId = new Map(rows.skills.map((s) => [s.id, s]));
  const out = ATTEMPT_SETTINGS.map((setting) => ({
    setting,
    label: ATTEMPT_SETTING_LABELS[setting],
    successful: 0,
    required: 0,
    met: 0,
  }));
  for (const id of summary.skillIds) {
    const skill = byId.get(id);
    if (!skill) continue;
    const minimum = skillMinimum(rows.program?.skillMinimums, skill);
    const figures = figuresOf(bySkill.get(id));
    for (const f of out) {
      const done = figures.bySetting[f.setting].successful;
      const need = minimum.bySetting[f.setting] ?? 0;
      f.successful += done;
      f.required += need;
      f.met += Math.min(done, need);
    }
  }
  return out;
}

function waitingFigures(rows: MyRows, summary: StudentSummary, now: string): MyProgress['waiting'] {
  const states = rows.signOffs.map((s) => signOffState(s, now));
  return {
    unverifiedAttempts: summary.unverifiedAttempts,
    unverifiedContacts: contactFigures(rows.contacts).awaiting,
    unverifiedHours: summary.awaitingHours,
    refusedHours: summary.refusedHours,
    awaitingConfirmation: states.filter((s) => s === 'awaiting').length,
    awaitingCoordinator: states.filter((s) => s === 'link_confirmed').length,
    expiredLinks: states.filter((s) => s === 'expired').length,
    unsigned: rows.unsignedRecords,
  };
}

function upcomingAssessments(rows: MyRows, today: string): Upcoming[] {
  const names = new Map(rows.skills.map((s) => [s.id, s.name]));
  return rows.progress
    .filter((p) => p.nextAssessmentDate && p.nextAssessmentDate >= today)
    .sort((a, b) => a.nextAssessmentDate!.localeCompare(b.nextAssessmentDate!))
    .slice(0, UPCOMING_SHOWN)
    .map((p) => ({ id: p.id, title: names.get(p.skillId) ?? 'Skill assessment', when: p.nextAssessmentDate! }));
}

/** Approved clinical time still ahead, for this student's record or asked by their account. */
function upcomingShifts(rows: MyRows, userId: string, now: string, siteName: (id: string | null) => string) {
  return rows.requests
    .filter(
      (r) =>
        r.kind === 'clinical-time' &&
        r.status === 'approved' &&
        (r.studentId === rows.student.id || r.userId === userId) &&
        !!r.startAt &&
        r.startAt >= now,
    )
    .sort((a, b) => a.startAt!.localeCompare(b.startAt!))
    .slice(0, UPCOMING_SHOWN)
    .map((r) => ({ id: r.id, title: siteName(r.clinicalSiteId), when: r.startAt! }));
}

function timePassed(student: { enrollmentDate: string; expectedGraduation: string }, today: string) {
  const length = daysBetween(student.enrollmentDate, student.expectedGraduation);
  if (length <= 0) return 100;
  return Math.round(Math.max(0, Math.min(1, daysBetween(student.enrollmentDate, today) / length)) * 100);
}

/** A little behind is within this many points of the time passed; further behind is behind. */
const SLACK = 15;

export type Pace = 'ahead' | 'on pace' | 'a little behind' | 'behind';

/** Progress read against the program's calendar: 20 % done a fifth of the way in is on pace, not a red bar. */
export function paceOf(percent: number, passed: number): Pace {
  if (percent >= 100 || percent >= passed + SLACK) return 'ahead';
  if (percent >= passed) return 'on pace';
  return percent >= passed - SLACK ? 'a little behind' : 'behind';
}

export function myProgress(
  rows: MyRows,
  at: { userId: string; today: string; now: string; siteName: (id: string | null) => string },
): MyProgress {
  const bySkill = new Map(rows.progress.map((p) => [p.skillId, p]));
  const summary = summarizeStudent(
    rows.student,
    rows.program,
    skillsByTrack(rows.skills),
    bySkill,
    addUpHours(rows.hours),
  );
  return {
    summary,
    hoursLeft: hoursRemaining(summary.totalHours, summary.requiredHours),
    daysToGraduation: daysBetween(at.today, rows.student.expectedGraduation),
    timePassed: timePassed(rows.student, at.today),
    settings: settingFigures(summary, rows, bySkill),
    contacts:
      rows.program?.type === 'ems' ? contactFigures(rows.contacts, rows.program.contactRules, summary.level) : null,
    waiting: waitingFigures(rows, summary, at.now),
    assessments: upcomingAssessments(rows, at.today),
    shifts: upcomingShifts(rows, at.userId, at.now, at.siteName),
    unreadMessages: unreadCount(rows.messages, at.userId),
  };
}
