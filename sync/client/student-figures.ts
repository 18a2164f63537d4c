/**
 * Each student's figures (schema/student-summary.ts) kept on the device, one row a student, so the screens that list
 * students read those rows instead of every progress record and re-summarising them all (a director's 300,000).
 * They are recomputed in the transaction that changes their inputs, so rows and figures never disagree: the sync
 * engine and LocalWriter note the students a change touches (`TouchedStudents`) and `refresh` recomputes those,
 * reading only their rows by index. A program or skill touches every student of it: those rare changes recompute all,
 * from the whole tables read once, as does the last page of a first sync (engine.ts says why not its every page).
 */
import type { Dexie, Table } from 'dexie';

import type { StudentTallies } from '#schema/device-set.ts';
import { candidateProgress } from '#schema/fire-task-book.ts';
import {
  addUpHours,
  figuresFromTallies,
  skillsByTrack,
  type StudentFigures as SummaryFigures,
  type StudentSummary,
  studentTrack,
  summarizeStudent,
} from '#schema/student-summary.ts';

import type { Cookie } from '../protocol.ts';
import type { DomainRows, DomainTable, Row } from './domain-rows.ts';
import { moveTotals, type ProgramTypeTotals, type StudentTally, tallyOf, totalsOf } from './type-totals.ts';

/**
 * What of the device's database (db.ts TrainingDb) the figures read and write. Stated here rather than imported, so
 * db.ts can build the figures on upgrade without the two files importing each other.
 */
interface FiguresDb extends Dexie {
  getMeta<T>(key: string): Promise<T | undefined>;
  rows<N extends DomainTable>(name: N): Table<DomainRows[N], string>;
  domain(name: DomainTable): Table<Row, string>;
  studentFigures: Table<StudentFigures, string>;
  programTypeTotals: Table<ProgramTypeTotals, string>;
}

export interface StudentFigures {
  studentId: string;
  /**
   * A student's summary without the per-skill detail (the track's skill ids and the records by skill): kept, that would
   * copy every record into the figures and the lists would read as much as before. A screen showing one student's
   * skills reads that student's records by index.
   */
  summary: SummaryFigures;
  /** What the student adds to their program type's totals (type-totals.ts). */
  tally: StudentTally;
}

/** Whether the device holds the student's every record, as the cookie says (opened-students.ts; no import: db.ts). */
const fetchedIn = (cookie: Cookie | undefined, studentId: string) => cookie?.opened?.includes(studentId) ?? false;

/** The tables of a student's own records that their figures come from (a fire candidate's: their task book). */
const RECORD_TABLES = new Set(['studentSkills', 'clinicalHours', 'taskBooks', 'jprSignOffs']);

/** The students whose figures a transaction's changes touch, noted as the rows are written or deleted. */
export class TouchedStudents {
  private everyone = false;
  private readonly ids = new Set<string>();

  /** With `deferRecords`, records touch no figures: for a first sync's pages, rebuilt at its last (engine.ts). */
  constructor(private readonly deferRecords = false) {}

  /** A change to every student's inputs at once (a first sync's clear, or its last page). */
  noteEveryone() {
    this.everyone = true;
  }

  /**
   * A row of `table` written or deleted (for a delete, the row before it goes). A record's student never changes
   * (no command moves progress or hours to another student), so the row on either side of a write names the same one.
   */
  note(table: string, id: string, row: Row | null | undefined) {
    if (table === 'programs' || table === 'skills') this.noteEveryone();
    else if (table === 'students') this.ids.add(id);
    else if (row && this.counts(table)) this.ids.add(row.studentId as string);
  }

  /** Rows about to be deleted or restored, read first where their student comes from the row. */
  async noteStored(db: FiguresDb, table: string, ids: string[]) {
    const rows = this.counts(table) ? await db.table<Row, string>(table).bulkGet(ids) : [];
    ids.forEach((id, i) => this.note(table, id, rows[i]));
  }

  /** Recomputes the figures of the students noted; must run inside the transaction that changed their rows. */
  refresh(db: FiguresDb) {
    return this.everyone ? rebuildFigures(db) : recomputeFigures(db, this.ids);
  }

  private counts(table: string) {
    return RECORD_TABLES.has(table) && !this.deferRecords;
  }
}

/**
 * Recomputes these students' figures from their own rows, read by index, and moves their program types' totals; a
 * student no longer held loses theirs.
 */
async function recomputeFigures(db: FiguresDb, studentIds: Iterable<string>) {
  const ids = [...studentIds];
  if (ids.length === 0) return;
  const tracks = trackReader(db);
  const [before, figures] = await Promise.all([
    db.studentFigures.bulkGet(ids),
    Promise.all(ids.map((id) => figuresOf(db, id, tracks))),
  ]);
  await moveTotals(
    db,
    before.map((f) => f?.tally),
    figures.map((f) => f?.tally),
  );
  await db.studentFigures.bulkDelete(ids.filter((_, i) => !figures[i]));
  await db.studentFigures.bulkPut(figures.filter((f) => f !== undefined));
}

/** Every student's summary from the device's whole tables, each read once. */
export async function summarizeWholeDevice(db: FiguresDb) {
  const [students, programs, skills, progress, hours, books, records] = await Promise.all([
    db.rows('students').toArray(),
    db.rows('programs').toArray(),
    db.rows('skills').toArray(),
    db.rows('studentSkills').toArray(),
    db.rows('clinicalHours').toArray(),
    db.rows('taskBooks').toArray(),
    db.rows('jprSignOffs').toArray(),
  ]);
  return summarizeStudents(students, programs, skills, progress, hours, { books, records });
}

/**
 * Every student's figures and the program types' totals from the whole tables, read once: after a program or skill
 * changed, or a first sync.
 */
export async function rebuildFigures(db: FiguresDb) {
  const summaries = await summarizeWholeDevice(db);
  const figures = summaries.some((s) => s.student.tallies)
    ? await withTallied(db, summaries)
    : summaries.map(({ student, summary }) => figureRow(student, summary));
  await Promise.all([db.studentFigures.clear(), db.programTypeTotals.clear()]);
  await db.studentFigures.bulkPut(figures);
  await db.programTypeTotals.bulkPut(totalsOf(figures.map((f) => f.tally)));
}

/** A desk device's figures: its students not opened from their tallies, the others from their records. */
async function withTallied(db: FiguresDb, summaries: StudentWithProgress[]) {
  const [programs, skills, cookie] = await Promise.all([
    db.rows('programs').toArray(),
    db.rows('skills').toArray(),
    db.getMeta<Cookie>('cookie'),
  ]);
  const programById = new Map(programs.map((p) => [p.id, p]));
  return summaries.map(({ student, summary }) =>
    student.tallies && !fetchedIn(cookie, student.id)
      ? talliedRow(student, student.tallies, programById.get(student.programId), skills)
      : figureRow(student, summary),
  );
}

/** A student as the lists show them: their row and their kept figures. */
export interface StudentWithSummary {
  student: DomainRows['students'];
  summary: SummaryFigures;
}

/** A student with their whole summary, per-skill detail included. */
export interface SummarizedStudent {
  student: DomainRows['students'];
  summary: StudentSummary;
}

export interface StudentWithProgress extends SummarizedStudent {
  /** The student's full progress records by skill id. */
  progress: Map<string, DomainRows['studentSkills']>;
}

/**
 * Every student on the device with their kept figures: one row a student from each table, none of their records.
 * Read in one transaction, as they are written, so every student read has theirs.
 */
export function readStudentSummaries(db: FiguresDb): Promise<StudentWithSummary[]> {
  return db.transaction('r', db.domain('students'), db.studentFigures, async () => {
    const [students, figures] = await Promise.all([db.rows('students').toArray(), db.studentFigures.toArray()]);
    return withFigures(students, figures);
  });
}

function withFigures(
  students: DomainRows['students'][],
  figures: (StudentFigures | undefined)[],
): StudentWithSummary[] {
  const summaryOf = new Map(figures.flatMap((f) => (f ? [[f.studentId, f.summary] as const] : [])));
  return students.flatMap((student) => {
    const summary = summaryOf.get(student.id);
    return summary ? [{ student, summary }] : [];
  });
}

/** The fire candidates' task books and their JPR records, which their figures come from (candidateProgress). */
export interface TaskBookRows {
  books: DomainRows['taskBooks'][];
  records: DomainRows['jprSignOffs'][];
}

/**
 * The summaries of these students from rows read together, by the same rules as the server's reports. A fire
 * candidate's figures come from their task book's JPRs; `progress` keeps their skill-progress records as held.
 */
export function summarizeStudents(
  students: DomainRows['students'][],
  programs: DomainRows['programs'][],
  skills: DomainRows['skills'][],
  progress: DomainRows['studentSkills'][],
  hours: DomainRows['clinicalHours'][],
  taskBooks: TaskBookRows,
): StudentWithProgress[] {
  const programById = new Map(programs.map((p) => [p.id, p]));
  const skillsFor = skillsByTrack(skills);
  const progressByStudent = groupBy(progress, (p) => p.studentId);
  const hoursByStudent = groupBy(hours, (h) => h.studentId);
  const jprs = candidateProgress({ students, programs, skills, ...taskBooks });
  return students.map((student) => {
    const bySkill = new Map((progressByStudent.get(student.id) ?? []).map((p) => [p.skillId, p]));
    const summary = summarizeStudent(
      student,
      programById.get(student.programId),
      skillsFor,
      jprs.get(student.id) ?? bySkill,
      addUpHours(hoursByStudent.get(student.id) ?? []),
    );
    return { student, summary, progress: bySkill };
  });
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

/** Programs and skill tracks read once per recompute, however many of its students share them. */
function trackReader(db: FiguresDb) {
  const programs = new Map<string, Promise<DomainRows['programs'] | undefined>>();
  const skills = new Map<string, Promise<DomainRows['skills'][]>>();
  let cookie: Promise<Cookie | undefined> | undefined;
  return {
    program: (id: string) => cached(programs, id, () => db.rows('programs').get(id)),
    /** Whether the device holds the student's every record: a desk device, those of students it opened. */
    fetched: async (studentId: string) => fetchedIn(await (cookie ??= db.getMeta<Cookie>('cookie')), studentId),
    skillsOf: (programType: string) =>
      cached(skills, programType, () => db.rows('skills').where('programType').equals(programType).toArray()),
  };
}
type TrackReader = ReturnType<typeof trackReader>;

function cached<V>(cache: Map<string, Promise<V>>, key: string, read: () => Promise<V>): Promise<V> {
  let value = cache.get(key);
  if (!value) cache.set(key, (value = read()));
  return value;
}

async function figuresOf(db: FiguresDb, studentId: string, tracks: TrackReader) {
  const student = await db.rows('students').get(studentId);
  if (!student) return undefined;
  // Dexie refuses a missing key: a row without a program (as tests write them) has no track
  const program = student.programId ? await tracks.program(student.programId) : undefined;
  if (student.tallies && !(await tracks.fetched(studentId))) {
    const skills = program?.type ? await tracks.skillsOf(program.type) : [];
    return talliedRow(student, student.tallies, program, skills);
  }
  const [skills, progress, hours, books, records] = await Promise.all([
    program?.type ? tracks.skillsOf(program.type) : [],
    db.rows('studentSkills').where('studentId').equals(studentId).toArray(),
    db.rows('clinicalHours').where('studentId').equals(studentId).toArray(),
    db.rows('taskBooks').where('studentId').equals(studentId).toArray(),
    db.rows('jprSignOffs').where('studentId').equals(studentId).toArray(),
  ]);
  const jprs = candidateProgress({ students: [student], programs: program ? [program] : [], skills, books, records });
  const summary = summarizeStudent(
    student,
    program,
    skillsByTrack(skills),
    jprs.get(studentId) ?? new Map(progress.map((p) => [p.skillId, p])),
    addUpHours(hours),
  );
  return figureRow(student, summary);
}

/**
 * A desk device's student it has not opened (schema/device-set.ts): their figures from the tallies the server sent with
 * their row, as its lists compute them. An opened student's come from their records, so the device's own writes show.
 */
function talliedRow(
  student: DomainRows['students'],
  tallies: StudentTallies,
  program: DomainRows['programs'] | undefined,
  skills: DomainRows['skills'][],
): StudentFigures {
  const summary = figuresFromTallies(program, studentTrack(student, program, skillsByTrack(skills)), tallies);
  return { studentId: student.id, summary, tally: tallyOf(student, summary.program?.type ?? null, summary) };
}

function figureRow(
  student: DomainRows['students'],
  { skillIds: _ids, progressBySkill: _bySkill, ...summary }: StudentSummary,
): StudentFigures {
  return { studentId: student.id, summary, tally: tallyOf(student, summary.program?.type ?? null, summary) };
}
