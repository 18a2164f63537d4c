/**
 * The NFPA 1001 task book (Fire Fighter I and II; research/wave2-domain.md §5, wave3-domain.md §4): the candidate
 * starts the book, each JPR (job performance requirement, a fire skill of the book's level) is signed as its own
 * append-only record, the final evaluator verifies the whole book and the agency's certifying official signs last.
 * The rules here run on the server (api/domain/task-book/) and on the device (sync/client/mutators/task-book.ts)
 * alike, and the figures the tracker, home and reports show are computed by `bookFigures` from the same records.
 */
import { TASK_BOOK_ERR } from './messages.ts';
import { accountName } from './names.ts';
import { sameName } from './sign-off.ts';
import { compareReferences } from './skill-order.ts';

/**
 * The evaluator a JPR record names: the account that signs it (the signed-in evaluator, or on the candidate's phone
 * the account whose co-sign code verified it), never the words typed on the sheet, which must be that account's name
 * (`sameName`, the typed signature's rule). Null when they are not: a candidate could otherwise type any name.
 */
export function jprEvaluatorName(typed: string, account: { firstName: string; lastName: string }): string | null {
  const name = accountName(account);
  return sameName(typed, name) ? name : null;
}

export const JPR_METHODS = ['observed', 'prior_documented'] as const;
export type JprMethod = (typeof JPR_METHODS)[number];
export const JPR_METHOD_LABELS: Record<JprMethod, string> = {
  observed: 'Observed first-hand',
  prior_documented: 'Documented prior performance',
};

/** A book's life: each state needs the signature of the one before (started → verified → certified). */
type TaskBookState = 'started' | 'verified' | 'certified';
const TASK_BOOK_STATE_LABELS: Record<TaskBookState, string> = {
  started: 'In progress',
  verified: 'Verified by the final evaluator',
  certified: 'Certified by the agency',
};
/** The levels a book can be kept for: the fire levels of the skills catalogue. */
export const TASK_BOOK_LEVELS = ['firefighter_1', 'firefighter_2'] as const;
export type TaskBookLevel = (typeof TASK_BOOK_LEVELS)[number];

/** A program's task-book rules; null on the program means these. */
export interface TaskBookRules {
  /** Skill-sheet attempts allowed on one day. */
  attemptsPerDay: number;
  /** Days over which a JPR may be attempted. */
  attemptDays: number;
  /** The fire chief requires JPRs signed during training to be performed and signed again. */
  resignTrainingJprs: boolean;
}
const DEFAULT_TASK_BOOK_RULES: TaskBookRules = { attemptsPerDay: 2, attemptDays: 2, resignTrainingJprs: false };
export const taskBookRulesOf = (rules: TaskBookRules | null | undefined): TaskBookRules =>
  rules ?? DEFAULT_TASK_BOOK_RULES;

/** What the rules read of one JPR record. */
export interface JprAttempt {
  skillId: string;
  performedOn: string;
  passed: boolean;
  inTraining: boolean;
}

/**
 * Whether a record signs its JPR: a pass, and, where the program requires JPRs done in training to be signed again,
 * one not done in training.
 */
export const signsJpr = (r: JprAttempt, rules: TaskBookRules) =>
  r.passed && !(rules.resignTrainingJprs && r.inTraining);

/**
 * The records that count toward the limits of a new attempt: where training passes must be signed again, the
 * attempts after training are a fresh round; otherwise every attempt of the JPR.
 */
const sameRound = (r: JprAttempt, inTraining: boolean, rules: TaskBookRules) =>
  !rules.resignTrainingJprs || r.inTraining === inTraining;

/**
 * The attempt number and day number (1-based) a new record of a JPR takes, or why it is refused: the JPR is already
 * signed (or passed in this round), a further attempt on its day, or a further day, is past the program's limits.
 */
export function nextAttempt(
  previous: readonly JprAttempt[],
  next: { performedOn: string; inTraining: boolean },
  rules: TaskBookRules,
): { attemptNumber: number; dayNumber: number } | { refused: string } {
  const round = previous.filter((r) => sameRound(r, next.inTraining, rules));
  if (previous.some((r) => signsJpr(r, rules))) return { refused: TASK_BOOK_ERR.jprAlreadySigned };
  // a pass that signs nothing: done in training, where the program asks for it again outside training
  if (round.some((r) => r.passed)) return { refused: TASK_BOOK_ERR.jprPassedInTraining };
  const days = [...new Set(round.map((r) => r.performedOn))].sort();
  if (!days.includes(next.performedOn) && days.length >= rules.attemptDays) {
    return { refused: TASK_BOOK_ERR.jprDaysUsed(rules.attemptDays) };
  }
  if (round.filter((r) => r.performedOn === next.performedOn).length >= rules.attemptsPerDay) {
    return { refused: TASK_BOOK_ERR.jprAttemptsPerDay(rules.attemptsPerDay) };
  }
  const dayNumber = days.includes(next.performedOn) ? days.indexOf(next.performedOn) + 1 : days.length + 1;
  return { attemptNumber: round.length + 1, dayNumber };
}

/**
 * The days before it arrives that a book started offline may say it was started: a phone a week without signal keeps
 * the book it started and the JPRs signed in it (the offline window of a co-sign code, schema/cosign.ts, is a week).
 */
export const TASK_BOOK_START_WINDOW_DAYS = 7;

/**
 * Whether a JPR is dated before its book was started, so it cannot be signed in it. An observed JPR is held to the
 * book's start (the day the device that started it gave); documented prior performance is by nature earlier.
 */
export const performedBeforeStart = (book: { startedOn: string }, jpr: { performedOn: string; method: string }) =>
  jpr.method === 'observed' && jpr.performedOn < book.startedOn;

/** A skill sheet passes only when every step passes; a sheet without steps is judged as a whole. */
export const sheetPasses = (steps: readonly { passed: boolean }[]) => steps.every((s) => s.passed);

/** One candidate's book in figures: JPRs signed of those required, and where the book stands. */
export interface BookFigures {
  signed: number;
  required: number;
  state: TaskBookState | 'not_started';
  /** The required JPRs not signed yet, by skill id. */
  missing: string[];
}

/**
 * Counts a book's signed JPRs against the JPRs its level requires (the fire skills of that level). No book: nothing
 * is signed and every JPR of the candidate's level is missing.
 */
export function bookFigures(
  book: { state: string } | undefined,
  requiredSkillIds: readonly string[],
  records: readonly JprAttempt[],
  rules: TaskBookRules,
): BookFigures {
  const signedIds = new Set(book ? records.filter((r) => signsJpr(r, rules)).map((r) => r.skillId) : []);
  const missing = requiredSkillIds.filter((id) => !signedIds.has(id));
  return {
    signed: requiredSkillIds.length - missing.length,
    required: requiredSkillIds.length,
    state: book ? (book.state as TaskBookState) : 'not_started',
    missing,
  };
}

/** The label of a book's state, "Not started" for a candidate without one. */
export const bookStateLabel = (state: BookFigures['state']) =>
  state === 'not_started' ? 'Not started' : TASK_BOOK_STATE_LABELS[state];

/**
 * Each candidate's book in figures, for every student of a fire program (others are left out): the fire tracker,
 * the candidate's home, the task-book page (from the device's rows) and the progress report (from the server's)
 * all count with this, so one candidate's figures never differ between screens.
 */
export interface CandidateBooksInput {
  students: readonly { id: string; programId: string }[];
  programs: readonly {
    id: string;
    type: string;
    certificationLevel: string | null;
    taskBookRules: TaskBookRules | null;
  }[];
  skills: readonly { id: string; programType: string; certificationLevel: string; standardReference?: string | null }[];
  books: readonly { id: string; studentId: string; level: string; state: string }[];
  records: readonly (JprAttempt & { taskBookId: string })[];
}

/** A candidate's book at their program's level, the JPRs that level requires, the book's records and the rules. */
interface CandidateBook {
  book: CandidateBooksInput['books'][number] | undefined;
  required: string[];
  records: CandidateBooksInput['records'];
  rules: TaskBookRules;
}

/** Each candidate in a fire program with their book, by student id (students of other programs are left out). */
function candidatesOf(input: CandidateBooksInput): Map<string, CandidateBook> {
  const programs = new Map(input.programs.filter((p) => p.type === 'fire').map((p) => [p.id, p]));
  const out = new Map<string, CandidateBook>();
  for (const student of input.students) {
    const program = programs.get(student.programId);
    if (!program?.certificationLevel) continue;
    const book = input.books.find((b) => b.studentId === student.id && b.level === program.certificationLevel);
    // in the standard's order (4.3.2 before 4.3.10), so the JPRs missing read as the book lists them
    const required = input.skills
      .filter((s) => s.programType === 'fire' && s.certificationLevel === program.certificationLevel)
      .sort((a, b) => compareReferences(a.standardReference ?? '', b.standardReference ?? ''))
      .map((s) => s.id);
    const records = book ? input.records.filter((r) => r.taskBookId === book.id) : [];
    out.set(student.id, { book, required, records, rules: taskBookRulesOf(program.taskBookRules) });
  }
  return out;
}

/** The figures of every candidate in a fire program, by student id (students of other programs are left out). */
export function candidateBooks(input: CandidateBooksInput): Map<string, BookFigures> {
  const out = new Map<string, BookFigures>();
  for (const [id, c] of candidatesOf(input)) out.set(id, bookFigures(c.book, c.required, c.records, c.rules));
  return out;
}

/**
 * A JPR as a skill's progress record, so a candidate's figures are counted as every student's are (the sum of
 * progress over the level's skills): signed (by `signsJpr`) is completed at 100%; attempted and not signed (failed, or
 * passed in training where the chief asks for it again) is in progress at 0%, since only a signature counts; the
 * latest record's day is the JPR's last activity. A JPR with no record has no entry: not started.
 */
export interface JprProgress {
  skillId: string;
  status: 'completed' | 'in_progress';
  progressPercentage: number;
  updatedAt: string;
}

/** A book's records as progress by JPR (skill id); JPRs without a record are absent (not started). */
function jprProgress(records: readonly JprAttempt[], rules: TaskBookRules): Map<string, JprProgress> {
  const out = new Map<string, JprProgress>();
  for (const r of records) {
    const was = out.get(r.skillId);
    const signed = was?.status === 'completed' || signsJpr(r, rules);
    out.set(r.skillId, {
      skillId: r.skillId,
      status: signed ? 'completed' : 'in_progress',
      progressPercentage: signed ? 100 : 0,
      updatedAt: was && was.updatedAt > r.performedOn ? was.updatedAt : r.performedOn,
    });
  }
  return out;
}

/**
 * Each fire candidate's progress by JPR, by student id (others are left out): what their figures (progress, skills
 * completed, last activity, the tracker's skill cells) are counted from on the server and on every device, in place
 * of skill-progress records, which a candidate never writes: their evidence is the task book.
 */
export function candidateProgress(input: CandidateBooksInput): Map<string, Map<string, JprProgress>> {
  const out = new Map<string, Map<string, JprProgress>>();
  for (const [id, c] of candidatesOf(input)) out.set(id, jprProgress(c.book ? c.records : [], c.rules));
  return out;
}

/** The tracker's task-book tiles over the candidates shown: JPRs signed of those required, and books certified. */
export function bookTotals(figures: Iterable<BookFigures>) {
  let signed = 0;
  let required = 0;
  let certified = 0;
  for (const f of figures) {
    signed += f.signed;
    required += f.required;
    if (f.state === 'certified') certified++;
  }
  return { signed, required, certified };
}
