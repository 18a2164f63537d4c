/**
 * The student's home figures ("how far am I from graduating?"), from the rows on the device: the same summary every
 * other screen and the progress report use (schema/student-summary.ts), successful attempts by setting against the
 * program's minimums, patient contacts against the SMC tables, what still waits for a preceptor, and what is next.
 */
import { type ContactFigures, contactFigures } from '#schema/contact-figures.ts';
import { daysBetween } from '#schema/dates.ts';
import { ATTEMPT_SETTING_LABELS, ATTEMPT_SETTINGS, type AttemptSetting } from '#schema/enums.ts';
import { candidateProgress } from '#schema/fire-task-book.ts';
import { hoursRemaining } from '#schema/progress.ts';
import { SHIFT_TYPE_LABELS, type ShiftType, upcomingShiftsOf } from '#schema/shift.ts';
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
  shifts: readonly DomainRows['shifts'][];
  /** The student's bookings on this device, some maybe only queued here (`pendingBookings`). */
  bookings: readonly DomainRows['shiftBookings'][];
  /** Ids of bookings with a change queued on this device that the server has not confirmed yet. */
  pendingBookings: ReadonlySet<string>;
  messages: readonly DomainRows['messages'][];
  /** A fire candidate's task books and JPR records: their skill figures come from these (candidateProgress). */
  books: readonly DomainRows['taskBooks'][];
  jprRecords: readonly DomainRows['jprSignOffs'][];
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
  /** YYYY-MM-DD for an assessment, the local wall time YYYY-MM-DDTHH:MM for a shift. */
  when: string;
  /** A shift booked (or changed) on this device whose booking the server has not confirmed yet. */
  pending?: boolean;
}

/** The student's booked shifts ahead: how many the server holds, how many wait on this device, the next few. */
export interface UpcomingShifts {
  confirmed: number;
  pending: number;
  next: Upcoming[];
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
  shifts: UpcomingShifts;
  unreadMessages: number;
}

const UPCOMING_SHOWN = 3;
/** A clinical site's name, or undefined when the device holds no such site. */
type SiteName = (id: string | null) => string | undefined;

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

const shiftTypeLabel = (type: string) => SHIFT_TYPE_LABELS[type as ShiftType] ?? type;

function upcomingAssessments(rows: MyRows, today: string): Upcoming[] {
  const names = new Map(rows.skills.map((s) => [s.id, s.name]));
  return rows.progress
    .filter((p) => p.nextAssessmentDate && p.nextAssessmentDate >= today)
    .sort((a, b) => a.nextAssessmentDate!.localeCompare(b.nextAssessmentDate!))
    .slice(0, UPCOMING_SHOWN)
    .map((p) => ({ id: p.id, title: names.get(p.skillId) ?? 'Skill assessment', when: p.nextAssessmentDate! }));
}

/**
 * The student's booked shifts ahead, by the rule My Shifts reads (schema/shift.ts): a shift booked on the board, or
 * made of an approved time request, shows here; a dropped or cancelled one does not.
 */
function upcomingShifts(rows: MyRows, today: string, siteName: SiteName): UpcomingShifts {
  const ahead = upcomingShiftsOf(rows.student.id, rows.shifts, rows.bookings, today);
  const pending = ahead.filter((u) => rows.pendingBookings.has(u.booking.id)).length;
  return {
    confirmed: ahead.length - pending,
    pending,
    next: ahead.slice(0, UPCOMING_SHOWN).map(({ shift, booking }) => ({
      id: booking.id,
      title: [siteName(shift.clinicalSiteId) ?? `${shiftTypeLabel(shift.type)} shift`, shift.unit]
        .filter(Boolean)
        .join(' · '),
      when: `${shift.date}T${shift.startTime}`,
      pending: rows.pendingBookings.has(booking.id),
    })),
  };
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
  at: { userId: string; today: string; now: string; siteName: SiteName },
): MyProgress {
  const bySkill = new Map(rows.progress.map((p) => [p.skillId, p]));
  const jprs = candidateProgress({
    students: [rows.student],
    programs: rows.program ? [rows.program] : [],
    skills: rows.skills,
    books: rows.books,
    records: rows.jprRecords,
  }).get(rows.student.id);
  const summary = summarizeStudent(
    rows.student,
    rows.program,
    skillsByTrack(rows.skills),
    jprs ?? bySkill,
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
    shifts: upcomingShifts(rows, at.today, at.siteName),
    unreadMessages: unreadCount(rows.messages, at.userId),
  };
}
