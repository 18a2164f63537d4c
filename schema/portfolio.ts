/**
 * A graduate's competency portfolio: what the portfolio screen, its PDF, CSV and XLSX and the Terminal Competency
 * attestation all read. Its evidence follows the student's discipline: the SMC tables (`smcFigures`' own,
 * schema/smc.ts) with hours, preceptors' evaluations and sign-offs for EMS; the NFPA 1001 task book (counted by
 * `bookFigures`, schema/fire-task-book.ts) for fire; the Daily Observation Reports (`dorProgress`,
 * schema/dor-progress.ts) for police. `readyToGraduate` is the one "ready to graduate" rule for all three.
 */
import { type DorCategory, type DorPhaseRule } from './dor.ts';
import {
  type DorForProgress,
  type DorProgress,
  dorProgress,
  type FieldTraining,
  fieldTrainingOf,
} from './dor-progress.ts';
import {
  type BookFigures,
  bookFigures,
  bookStateLabel,
  JPR_METHOD_LABELS,
  type JprAttempt,
  type JprMethod,
  signsJpr,
  type TaskBookRules,
} from './fire-task-book.ts';
import { round1 } from './progress.ts';
import { minimumSourceLabel, type SmcFigures, type SmcItem, smcItems, smcMissing, smcTableLabel } from './smc.ts';
import { hoursStanding } from './student-summary.ts';

/** Hours in one line of the hours tables: verified ones count, awaiting ones are shown apart. */
export interface HoursLine {
  label: string;
  verified: number;
  awaiting: number;
}

/**
 * Hours entries added up into lines (by type, by site...), the most verified first, split by `hoursStanding` (the rule
 * of every hours figure, student-summary.ts): verified ones count, awaiting ones are shown apart, and refused ones are
 * in no line (their total is shown apart). The portfolio and the student's academic record both draw their hours
 * tables with this.
 */
export function hoursLines<H extends { hoursCompleted: number; verifiedBy?: string | null; refusedBy?: string | null }>(
  rows: readonly H[],
  labelOf: (h: H) => string,
): HoursLine[] {
  const lines = new Map<string, HoursLine>();
  for (const h of rows) {
    const standing = hoursStanding(h);
    if (standing === 'refused') continue;
    const label = labelOf(h);
    const line = lines.get(label) ?? { label, verified: 0, awaiting: 0 };
    line[standing] = round1(line[standing] + h.hoursCompleted);
    lines.set(label, line);
  }
  return [...lines.values()].sort((a, b) => b.verified - a.verified || a.label.localeCompare(b.label));
}

/** An hours entry's line in the by-type table. */
export const hourTypeLabel = (hourType: string) => (hourType === 'field' ? 'Field' : 'Clinical');

interface PortfolioHours {
  byType: HoursLine[];
  bySite: HoursLine[];
  verified: number;
  awaiting: number;
  /** Hours only rejected sign-offs hold (`hoursStanding`): counted nowhere, the total shown so nobody wonders where they went. */
  rejected: number;
}

interface PortfolioSignOff {
  id: string;
  capturedAt: string;
  status: string;
  preceptor: { name: string; credential: string; agency: string };
  /** How the preceptor signed: a drawn signature or a typed name. */
  signature: { kind: 'drawn' | 'typed'; name: string | null };
  hash: string;
  records: number;
}

/** A preceptor's evaluation on one sign-off: the affective items, and the team-lead scores when the student led. */
export interface PortfolioEvaluation {
  signOffId: string;
  date: string;
  preceptor: string;
  scores: Record<string, number | null>;
}

interface PortfolioDocument {
  id: string;
  name: string;
  type: string;
  uploadedAt: string;
}

/** One required JPR of a fire candidate's book: signed by the record that signs it, else not yet. */
interface PortfolioJpr {
  skillId: string;
  /** The NFPA 1001 chapter and section, e.g. "NFPA 1001 (2019) 4.3.1". */
  reference: string;
  name: string;
  signed: boolean;
  method: string | null;
  evaluator: string | null;
  date: string | null;
}

/** A fire candidate's task book as the portfolio shows it, in place of the SMC tables. */
export interface PortfolioTaskBook {
  state: BookFigures['state'];
  stateLabel: string;
  signed: number;
  required: number;
  jprs: PortfolioJpr[];
}

/** A police recruit's Daily Observation Reports as the portfolio shows them, in place of the SMC tables. */
/** A recruit's field training (`fieldTrainingOf`), each category's latest and mean, and what is missing. */
export interface PortfolioDor extends FieldTraining {
  categories: DorProgress['categories'];
  /** The share rated acceptable in each week with a report. */
  weeks: DorProgress['weeks'];
  toComplete: number;
  toAcknowledge: number;
  toReview: number;
  neverScored: string[];
}

export interface Portfolio {
  student: { id: string; name: string; studentCode: string; programId: string; programName: string };
  /** Which evidence decides readiness: the SMC (EMS), the task book (fire) or the DORs (police). */
  discipline: 'ems' | 'fire' | 'police';
  smc: SmcFigures;
  taskBook: PortfolioTaskBook | null;
  dor: PortfolioDor | null;
  hours: PortfolioHours;
  requiredHours: number | null;
  affective: PortfolioEvaluation[];
  teamLeads: PortfolioEvaluation[];
  signOffs: PortfolioSignOff[];
  documents: PortfolioDocument[];
}

/** What a clinical entry without a site is called (the hours CSV called it "Field (no site)" before). */
export const noSiteLabel = (hourType: string) => (hourType === 'field' ? 'Field (no site)' : 'Clinical (no site)');

export interface Missing {
  /** The SMC item's key, or 'hours'. */
  key: string;
  text: string;
}

const itemShort = (i: SmcItem) => `${i.label}: ${i.count} of ${i.minimum} verified`;

/** Fire: every required JPR signed, and the book certified by the agency. */
function taskBookMissing(book: PortfolioTaskBook): Missing[] {
  const missing: Missing[] = book.jprs
    .filter((j) => !j.signed)
    .map((j) => ({ key: `jpr:${j.skillId}`, text: `${j.reference} ${j.name}: not signed` }));
  if (book.state !== 'certified')
    missing.push({ key: 'taskBook', text: `Task book: ${book.stateLabel}, not certified` });
  return missing;
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** Police: the final phase reached and its advancement rule met. */
function dorMissing(dor: PortfolioDor): Missing[] {
  const missing: Missing[] = [];
  if (dor.phase === null) return [{ key: 'dor:phase', text: 'No completed Daily Observation Report yet' }];
  if (dor.phase < dor.phases) {
    missing.push({ key: 'dor:phase', text: `Phase ${dor.phase} of ${dor.phases}: the final phase is not reached` });
  }
  if (!dor.mayAdvance) {
    const share = dor.share === null ? 'no category scored' : percent(dor.share);
    missing.push({
      key: 'dor:share',
      text: `Ratings acceptable this week: ${share}, ${percent(dor.minShare ?? 1)} needed`,
    });
  }
  return missing;
}

/**
 * Ready to graduate, by the student's discipline. EMS: every SMC item met by verified records and the program's
 * required hours verified. Fire: every required JPR signed and the book certified. Police: the final phase's
 * advancement rule met. `missing` lists exactly what is short, in the order the portfolio prints it; ready when empty.
 */
export function readyToGraduate(p: Pick<Portfolio, 'smc' | 'hours' | 'requiredHours' | 'taskBook' | 'dor'>) {
  if (p.taskBook) return readiness(taskBookMissing(p.taskBook));
  if (p.dor) return readiness(dorMissing(p.dor));
  const missing: Missing[] = smcMissing(p.smc).map((i) => ({ key: i.key, text: itemShort(i) }));
  if (p.requiredHours && p.hours.verified < p.requiredHours) {
    missing.push({ key: 'hours', text: `Hours: ${p.hours.verified} of ${p.requiredHours} verified` });
  }
  return readiness(missing);
}

const readiness = (missing: Missing[]) => ({ ready: missing.length === 0, missing });

/** A JPR record with what the portfolio prints of it. */
export interface JprRecord extends JprAttempt {
  method: string;
  evaluatorName: string;
  capturedAt: string;
}

/**
 * A candidate's book for the portfolio: each required JPR (in NFPA section order) with the record that signs it,
 * counted by the tracker's own rule (`bookFigures`). No book: every JPR unsigned, the state "Not started".
 */
export function portfolioTaskBook(
  book: { state: string } | undefined,
  required: readonly { id: string; name: string; standardReference: string | null }[],
  records: readonly JprRecord[],
  rules: TaskBookRules,
): PortfolioTaskBook {
  const figures = bookFigures(
    book,
    required.map((s) => s.id),
    records,
    rules,
  );
  const signing = new Map(book ? records.filter((r) => signsJpr(r, rules)).map((r) => [r.skillId, r]) : []);
  const ordered = [...required].sort((a, b) =>
    (a.standardReference ?? '').localeCompare(b.standardReference ?? '', undefined, { numeric: true }),
  );
  return {
    state: figures.state,
    stateLabel: bookStateLabel(figures.state),
    signed: figures.signed,
    required: figures.required,
    jprs: ordered.map((s) => {
      const r = signing.get(s.id);
      return {
        skillId: s.id,
        reference: s.standardReference ?? '',
        name: s.name,
        signed: !!r,
        method: r ? (JPR_METHOD_LABELS[r.method as JprMethod] ?? r.method) : null,
        evaluator: r?.evaluatorName ?? null,
        date: r?.performedOn ?? null,
      };
    }),
  };
}

/** A recruit's DOR record for the portfolio, from the tracker's own figures (`dorProgress`). */
export function portfolioDor(
  dors: readonly DorForProgress[],
  categories: readonly DorCategory[],
  rules: readonly DorPhaseRule[],
): PortfolioDor {
  const progress = dorProgress(dors, categories, rules);
  return {
    ...fieldTrainingOf(progress, rules.length),
    categories: progress.categories,
    weeks: progress.weeks,
    toComplete: progress.missing.toComplete,
    toAcknowledge: progress.missing.toAcknowledge,
    toReview: progress.missing.toReview,
    neverScored: progress.missing.neverScored.map((c) => c.name),
  };
}

const SMC_FIGURE_COLUMNS = [
  'Table',
  'Item',
  'Minimum',
  'Count',
  'Attempted',
  'Successful',
  '% successful',
  'Met',
  'Awaiting attempted',
  'Awaiting successful',
  'Minimum source',
] as const;

const JPR_FIGURE_COLUMNS = ['NFPA 1001', 'JPR', 'Signed', 'Method', 'Evaluator', 'Date', 'Book'] as const;

const DOR_FIGURE_COLUMNS = [
  'Category',
  'Latest rating',
  'Mean score',
  'Phase',
  'Signed by FTO',
  'Signed by trainee',
  'Signed by supervisor',
] as const;

type FigureRow = Record<string, string | number>;

/** The SMC items in print order, the skills table titled by the student's level. */
const smcFigureRows = (smc: SmcFigures): FigureRow[] =>
  smcItems(smc).map((i) => ({
    Table: smcTableLabel(i.table, smc.level),
    Item: i.reference ? `${i.reference} ${i.label}` : i.label,
    Minimum: i.minimum,
    Count: i.count,
    Attempted: i.attempted,
    Successful: i.successful,
    '% successful': i.percentSuccessful ?? '',
    Met: i.met ? 'Met' : 'Not met',
    'Awaiting attempted': i.awaiting.attempted,
    'Awaiting successful': i.awaiting.successful,
    'Minimum source': minimumSourceLabel(i.minimumSource),
  }));

const jprFigureRows = (book: PortfolioTaskBook): FigureRow[] =>
  book.jprs.map((j) => ({
    'NFPA 1001': j.reference,
    JPR: j.name,
    Signed: j.signed ? 'Signed' : 'Not signed',
    Method: j.method ?? '',
    Evaluator: j.evaluator ?? '',
    Date: j.date ?? '',
    Book: book.stateLabel,
  }));

const dorFigureRows = (dor: PortfolioDor): FigureRow[] =>
  dor.categories.map((c) => ({
    Category: c.name,
    'Latest rating': c.latest ?? '',
    'Mean score': c.mean ?? '',
    Phase: dor.phase === null ? '' : `${dor.phase} of ${dor.phases}`,
    'Signed by FTO': dor.signed.fto,
    'Signed by trainee': dor.signed.trainee,
    'Signed by supervisor': dor.signed.supervisor,
  }));

/**
 * The figures of the CSV and XLSX exports, by discipline: one row per SMC item (EMS), per required JPR (fire) or
 * per DOR category (police), in print order, by column name.
 */
export function portfolioFigures(p: Pick<Portfolio, 'smc' | 'taskBook' | 'dor'>): {
  columns: readonly string[];
  rows: FigureRow[];
} {
  if (p.taskBook) return { columns: JPR_FIGURE_COLUMNS, rows: jprFigureRows(p.taskBook) };
  if (p.dor) return { columns: DOR_FIGURE_COLUMNS, rows: dorFigureRows(p.dor) };
  return { columns: SMC_FIGURE_COLUMNS, rows: smcFigureRows(p.smc) };
}
