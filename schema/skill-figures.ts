/**
 * A skill's figures as a function of its evidence log, written once: the device folds its local log for instant
 * display, the server folds each append into the summary row (student_skills) in the same transaction, and a full
 * recount gives the same answer (skill-figures.test.ts checks fold = incremental for random logs).
 *
 * Only verified, performed, not voided entries count toward attempts and the minimums. An attempt a student logged
 * for themselves waits as `pendingAttempts` until a preceptor or instructor verifies it; observed attempts are kept
 * as `observedAttempts` (exposure, not competency).
 */
import { ATTEMPT_SETTINGS, type AttemptSetting, type SkillStatus } from './enums.ts';

export type SettingCounts = Record<AttemptSetting, { attempts: number; successful: number }>;

/** One entry of the log as the figures need it (an attempt, or a correction that adjusts the counts). */
export interface AttemptEntry {
  kind: string;
  setting: string | null;
  outcome: string | null;
  participation: string | null;
  attemptsDelta: number;
  successfulDelta: number;
  attemptedAt: string;
  verified: boolean;
}

export interface SkillFigures {
  attempts: number;
  successfulAttempts: number;
  bySetting: SettingCounts;
  observedAttempts: number;
  pendingAttempts: number;
  /** The latest counted attempt's date (YYYY-MM-DD), or null. */
  lastAttemptDate: string | null;
}

/** Successful attempts a program requires for a skill: in all, and in particular settings. */
export interface SkillMinimum {
  total: number;
  bySetting: Partial<Record<AttemptSetting, number>>;
}

const emptySettingCounts = (): SettingCounts =>
  Object.fromEntries(ATTEMPT_SETTINGS.map((s) => [s, { attempts: 0, successful: 0 }])) as SettingCounts;

export const emptyFigures = (): SkillFigures => ({
  attempts: 0,
  successfulAttempts: 0,
  bySetting: emptySettingCounts(),
  observedAttempts: 0,
  pendingAttempts: 0,
  lastAttemptDate: null,
});

const isSetting = (s: string | null): s is AttemptSetting => !!s && (ATTEMPT_SETTINGS as readonly string[]).includes(s);

/**
 * Adds (sign 1) or takes away (sign -1, a void) one entry. `lastAttemptDate` only moves forward here: after a void
 * the caller passes the latest remaining date (`withLastAttempt`), which needs the log, not the summary.
 */
export function applyEntry(figures: SkillFigures, entry: AttemptEntry, sign: 1 | -1 = 1): SkillFigures {
  const next: SkillFigures = {
    ...figures,
    bySetting: Object.fromEntries(ATTEMPT_SETTINGS.map((s) => [s, { ...figures.bySetting[s] }])) as SettingCounts,
  };
  if (entry.participation === 'observed') {
    next.observedAttempts += sign;
    return next;
  }
  if (!entry.verified) {
    next.pendingAttempts += sign;
    return next;
  }
  next.attempts += sign * entry.attemptsDelta;
  next.successfulAttempts += sign * entry.successfulDelta;
  if (isSetting(entry.setting)) {
    next.bySetting[entry.setting].attempts += sign * entry.attemptsDelta;
    next.bySetting[entry.setting].successful += sign * entry.successfulDelta;
  }
  const day = entry.attemptedAt.slice(0, 10);
  if (sign === 1 && entry.attemptsDelta > 0 && (!next.lastAttemptDate || day > next.lastAttemptDate)) {
    next.lastAttemptDate = day;
  }
  return next;
}

/** The log deltas of one logged attempt: it counts once, and as a success when it was one. */
export const attemptDeltas = (outcome: string) => ({
  kind: 'attempt',
  attemptsDelta: 1,
  successfulDelta: outcome === 'successful' ? 1 : 0,
});

/** A log row (device or server) as the figures read it: verified when a preceptor's or instructor's word stands. */
export interface LogRow {
  kind: string;
  setting?: string | null;
  outcome?: string | null;
  participation?: string | null;
  attemptsDelta: number;
  successfulDelta: number;
  attemptedAt: string;
  verifiedBy?: string | null;
}

export const entryOf = (row: LogRow): AttemptEntry => ({
  kind: row.kind,
  setting: row.setting ?? null,
  outcome: row.outcome ?? null,
  participation: row.participation ?? null,
  attemptsDelta: row.attemptsDelta,
  successfulDelta: row.successfulDelta,
  attemptedAt: row.attemptedAt,
  verified: !!row.verifiedBy,
});

/** The figures a summary row (student_skills) holds; no row means nothing logged yet. */
export const figuresOf = (
  row:
    | {
        attempts?: number | null;
        successfulAttempts?: number | null;
        attemptsBySetting?: SettingCounts | null;
        observedAttempts?: number | null;
        pendingAttempts?: number | null;
        lastAttemptDate?: string | null;
      }
    | undefined,
): SkillFigures =>
  row
    ? {
        attempts: row.attempts ?? 0,
        successfulAttempts: row.successfulAttempts ?? 0,
        bySetting: row.attemptsBySetting ?? emptySettingCounts(),
        observedAttempts: row.observedAttempts ?? 0,
        pendingAttempts: row.pendingAttempts ?? 0,
        lastAttemptDate: row.lastAttemptDate ?? null,
      }
    : emptyFigures();

/** The summary row's columns for a skill's figures. */
export const summaryColumns = (figures: SkillFigures) => ({
  attempts: figures.attempts,
  successfulAttempts: figures.successfulAttempts,
  attemptsBySetting: figures.bySetting,
  observedAttempts: figures.observedAttempts,
  pendingAttempts: figures.pendingAttempts,
  lastAttemptDate: figures.lastAttemptDate,
});

/** The figures of a whole log: the definition the incremental path must agree with. */
export function foldEntries(entries: Iterable<AttemptEntry>): SkillFigures {
  let figures = emptyFigures();
  for (const e of entries) figures = applyEntry(figures, e);
  return figures;
}

/** The latest counted attempt's date among the entries still standing (after a void). */
export function latestAttemptDate(entries: Iterable<AttemptEntry>): string | null {
  let last: string | null = null;
  for (const e of entries) {
    if (e.attemptsDelta <= 0 || !e.verified || e.participation === 'observed') continue;
    const day = e.attemptedAt.slice(0, 10);
    if (!last || day > last) last = day;
  }
  return last;
}

/** A skill's minimum in a program: the program's own where it set one, else the catalogue's minimum attempts. */
export function skillMinimum(
  programMinimums: Record<string, SkillMinimum> | null | undefined,
  skill: { id: string; minimumAttempts: number },
): SkillMinimum {
  return programMinimums?.[skill.id] ?? { total: Math.max(1, skill.minimumAttempts), bySetting: {} };
}

/** Successful attempts still missing, in all and per setting with a minimum. */
function remaining(figures: SkillFigures, minimum: SkillMinimum) {
  const bySetting: Partial<Record<AttemptSetting, number>> = {};
  for (const [setting, need] of Object.entries(minimum.bySetting) as [AttemptSetting, number][]) {
    bySetting[setting] = Math.max(0, need - figures.bySetting[setting].successful);
  }
  return { total: Math.max(0, minimum.total - figures.successfulAttempts), bySetting };
}

/**
 * Progress toward the minimum: the successful attempts that count (each setting's up to its minimum, the total up to
 * its minimum) over what is required, as a whole percentage.
 */
export function derivedProgress(figures: SkillFigures, minimum: SkillMinimum): number {
  const settingNeeds = Object.entries(minimum.bySetting) as [AttemptSetting, number][];
  let need = Math.max(1, minimum.total);
  let have = Math.min(Math.max(0, figures.successfulAttempts), need);
  for (const [setting, n] of settingNeeds) {
    need += n;
    have += Math.min(Math.max(0, figures.bySetting[setting].successful), n);
  }
  return Math.min(100, Math.round((have / need) * 100));
}

export function derivedStatus(figures: SkillFigures, minimum: SkillMinimum): SkillStatus {
  const left = remaining(figures, minimum);
  if (left.total === 0 && Object.values(left.bySetting).every((n) => n === 0)) return 'completed';
  return figures.attempts > 0 || figures.pendingAttempts > 0 ? 'in_progress' : 'not_started';
}

/** What screens and reports show: a staff member's override where one stands, else the figure from the log. */
export function shownStatus(
  figures: SkillFigures,
  minimum: SkillMinimum,
  overrides: { statusOverride: string | null; progressOverride: number | null },
): { status: string; progressPercentage: number } {
  return {
    status: overrides.statusOverride ?? derivedStatus(figures, minimum),
    progressPercentage: overrides.progressOverride ?? derivedProgress(figures, minimum),
  };
}

/**
 * A summary row's figure columns, judgement fields and shown status after its figures change. The server's write,
 * the device's and the skill entry screen's preview of an attempt still being stored all build the row with it.
 */
export function summaryAfter(
  current: object | undefined,
  figures: SkillFigures,
  minimum: SkillMinimum,
  fields: object = {},
) {
  // Object.assign, not spreads: every pushed attempt comes here on the server, and V8's object spreads cost
  // microseconds each
  const judgement = Object.assign({ statusOverride: null, progressOverride: null }, current, fields);
  return Object.assign(summaryColumns(figures), fields, shownStatus(figures, minimum, judgement));
}

/** What a skill's attempts hold that does not count yet, in words ('2 awaiting verification · 1 observed'); '' when none. */
export const notCountedYet = (figures: { pendingAttempts?: number; observedAttempts?: number } | undefined) =>
  [
    figures?.pendingAttempts ? `${figures.pendingAttempts} awaiting verification` : '',
    figures?.observedAttempts ? `${figures.observedAttempts} observed` : '',
  ]
    .filter(Boolean)
    .join(' · ');
