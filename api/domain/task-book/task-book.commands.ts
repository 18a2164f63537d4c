/**
 * The fire task book's writes (schema/fire-task-book.ts): the candidate starts the book, evaluators sign JPRs as
 * append-only records, the final evaluator verifies the book, the certifying official signs last. Each is a command
 * the sync push runs as well as its REST route, so a book signed offline on a phone meets the same rules.
 */
import { and, eq, isNull } from 'drizzle-orm';

import { type CommandContext, defineCommand } from '#api/commands/command.ts';
import { conflict, forbidden, invalid, notFound } from '#api/http/errors.ts';
import { assertCan, can } from '#api/permissions/matrix.ts';
import { isStudentThemself, sameAccountHolder } from '#api/permissions/same-person.ts';
import { canSeeStudent, signerFor, studentFieldNotFound, visibleStudentOr } from '#api/permissions/scope.ts';
import { checkCosign } from '#api/routes/sign-offs/cosign.ts';
import { isOwnContact } from '#api/routes/sign-offs/own-contact.ts';
import { actsForProgram } from '#schema/attestation.ts';
import { addDays } from '#schema/dates.ts';
import type { Role } from '#schema/enums.ts';
import {
  bookFigures,
  jprEvaluatorName,
  nextAttempt,
  performedBeforeStart,
  TASK_BOOK_LEVELS,
  TASK_BOOK_START_WINDOW_DAYS,
  type TaskBookLevel,
  taskBookRulesOf,
} from '#schema/fire-task-book.ts';
import {
  signJprSchema,
  signTaskBookSchema,
  startTaskBookSchema,
  taskBookRulesSchema,
} from '#schema/fire-task-book-schema.ts';
import { ERR, TASK_BOOK_ERR } from '#schema/messages.ts';
import * as t from '#schema/tables.ts';

type BookRow = typeof t.taskBooks.$inferSelect;
const bookNotFound = () => notFound('Task book');

/** The book if the actor may see its candidate; otherwise the answer a book that exists nowhere gets. */
function visibleBook(ctx: CommandContext, id: string): BookRow {
  const book = ctx.find(t.taskBooks, id);
  const student = book && ctx.find(t.students, book.studentId);
  if (!book || !student || !canSeeStudent(ctx.tx, ctx.actor, student)) throw bookNotFound();
  return book;
}

/** The candidate's account: nobody whose account this is signs anything in the book. */
const candidateUserId = (ctx: CommandContext, book: { studentId: string }) =>
  ctx.find(t.students, book.studentId)?.userId ?? null;

/** Whether the account is the candidate: theirs, or another under one of their addresses (another case, a +tag). */
const isCandidate = (ctx: CommandContext, userId: string, book: { studentId: string }) =>
  isStudentThemself(ctx.tx, userId, ctx.get(t.students, book.studentId, 'Student'));

const programRules = (ctx: CommandContext, programId: string) =>
  taskBookRulesOf(ctx.find(t.programs, programId)?.taskBookRules);

/** The JPRs a book of this level requires: the live fire skills of the level. */
function requiredJprIds(ctx: Pick<CommandContext, 'tx'>, level: string): string[] {
  return ctx.tx
    .select({ id: t.skills.id })
    .from(t.skills)
    .where(and(eq(t.skills.programType, 'fire'), eq(t.skills.certificationLevel, level), isNull(t.skills.deletedAt)))
    .all()
    .map((s) => s.id);
}

const recordsOf = (ctx: CommandContext, bookId: string) =>
  ctx.tx
    .select()
    .from(t.jprSignOffs)
    .where(and(eq(t.jprSignOffs.taskBookId, bookId), isNull(t.jprSignOffs.deletedAt)))
    .all();

/** The candidate starts their own book; instructors and leads may start it for a candidate of their programs. */
export const startTaskBook = defineCommand({
  name: 'startTaskBook',
  offline: true,
  args: startTaskBookSchema,
  apply(ctx, args) {
    assertCan(ctx.actor, 'taskBooks.start');
    const student = visibleStudentOr(ctx.tx, ctx.actor, args.studentId, studentFieldNotFound);
    const existing = ctx.find(t.taskBooks, args.id);
    if (existing && existing.studentId === student.id) return existing;
    const program = ctx.find(t.programs, student.programId);
    const level = program?.certificationLevel as TaskBookLevel | undefined;
    if (program?.type !== 'fire' || !level || !TASK_BOOK_LEVELS.includes(level)) {
      throw invalid({ studentId: TASK_BOOK_ERR.notFireProgram });
    }
    const open = ctx.tx
      .select({ id: t.taskBooks.id })
      .from(t.taskBooks)
      .where(and(eq(t.taskBooks.studentId, student.id), eq(t.taskBooks.level, level), isNull(t.taskBooks.deletedAt)))
      .get();
    if (open) throw conflict(TASK_BOOK_ERR.bookAlreadyStarted);
    const arrivedOn = ctx.now.slice(0, 10);
    // the device's day, which may be a day off the server's UTC one, and at most the window before it arrived
    if (args.startedOn && args.startedOn < addDays(arrivedOn, -TASK_BOOK_START_WINDOW_DAYS - 1)) {
      throw invalid({ startedOn: TASK_BOOK_ERR.startedTooEarly(TASK_BOOK_START_WINDOW_DAYS) });
    }
    return ctx.insert(t.taskBooks, {
      id: args.id,
      studentId: student.id,
      programId: program.id,
      level,
      state: 'started',
      startedBy: ctx.actor.id,
      startedOn: args.startedOn ?? arrivedOn,
    });
  },
});

/**
 * The account that vouches for a JPR. Staff signing on their own phone vouch themselves. On the candidate's phone
 * the evaluator gives the co-sign code of their own phone (the EMS sign-off's check: their e-mail, the code at the
 * time of capture, one use per time step), and the account must be one that may evaluate this candidate.
 */
function evaluatorOf(
  ctx: CommandContext,
  book: BookRow,
  args: { evaluator: { email: string | null }; capturedAt: string; cosignCode?: string },
): { id: string; cosignStep: number | null } {
  const candidate = candidateUserId(ctx, book);
  if (ctx.actor.id === candidate) {
    if (!args.cosignCode || !args.evaluator.email) throw forbidden(TASK_BOOK_ERR.codeRequired);
    // the candidate's own address in any form (another case, a +tag) is refused before any code is checked
    if (isOwnContact(ctx, args.evaluator.email, book.studentId, [ctx.actor.id])) throw forbidden(TASK_BOOK_ERR.ownJpr);
    const { cosignedBy, cosignStep } = checkCosign(
      ctx,
      { studentId: book.studentId, capturedAt: args.capturedAt, preceptor: { contact: args.evaluator.email } },
      args.cosignCode,
    );
    const used = ctx.tx
      .select({ id: t.jprSignOffs.id })
      .from(t.jprSignOffs)
      .where(and(eq(t.jprSignOffs.evaluatorId, cosignedBy), eq(t.jprSignOffs.cosignStep, cosignStep)))
      .get();
    if (used) throw conflict(ERR.cosignUsed);
    const account = ctx.find(t.users, cosignedBy)!;
    const student = ctx.find(t.students, book.studentId)!;
    const evaluator = { id: account.id, role: account.role as Role };
    if (!can(evaluator.role, 'taskBooks.evaluate') || !canSeeStudent(ctx.tx, evaluator, student)) {
      throw forbidden(TASK_BOOK_ERR.notEvaluator);
    }
    return { id: cosignedBy, cosignStep };
  }
  assertCan(ctx.actor, 'taskBooks.evaluate');
  return { id: ctx.actor.id, cosignStep: null };
}

/**
 * One JPR attempt, signed: appended to the book, never edited. Refused when the book is closed, the skill is not a
 * JPR of its level, it was observed before the book was started, the evaluator is the candidate, the evaluator
 * typed is not the account that signs, or the program's attempts per day or days are used up. The record names the
 * signing account; the attempt and day numbers are the server's count, not the device's.
 */
export const signJpr = defineCommand({
  name: 'signJpr',
  offline: true,
  args: signJprSchema,
  apply(ctx, args) {
    const book = visibleBook(ctx, args.taskBookId);
    const existing = ctx.find(t.jprSignOffs, args.id);
    if (existing && existing.taskBookId === book.id) return existing;
    if (book.state !== 'started') throw conflict(TASK_BOOK_ERR.bookClosed);
    if (!requiredJprIds(ctx, book.level).includes(args.skillId)) throw invalid({ skillId: TASK_BOOK_ERR.notAJpr });
    if (performedBeforeStart(book, args)) throw invalid({ performedOn: TASK_BOOK_ERR.jprBeforeStart });
    const evaluator = evaluatorOf(ctx, book, args);
    if (isCandidate(ctx, evaluator.id, book)) throw forbidden(TASK_BOOK_ERR.ownJpr);
    const evaluatorName = jprEvaluatorName(args.evaluator.name, ctx.get(t.users, evaluator.id, 'Evaluator'));
    if (!evaluatorName) throw invalid({ evaluator: TASK_BOOK_ERR.evaluatorNotSigner });
    const previous = recordsOf(ctx, book.id).filter((r) => r.skillId === args.skillId);
    const next = nextAttempt(previous, args, programRules(ctx, book.programId));
    if ('refused' in next) throw conflict(next.refused);
    const { evaluator: given, cosignCode: _code, ...fields } = args;
    return ctx.insert(t.jprSignOffs, {
      ...fields,
      ...next,
      studentId: book.studentId,
      evaluatorName,
      evaluatorNumber: given.number,
      evaluatorId: evaluator.id,
      cosignStep: evaluator.cosignStep,
      recordedBy: ctx.actor.id,
    });
  },
});

/** The refusal of a signer on the book who may not act for the candidate's program, by the book's signature. */
const NOT_OF_PROGRAM = {
  'taskBooks.verify': TASK_BOOK_ERR.notProgramEvaluator,
  'taskBooks.certify': TASK_BOOK_ERR.notProgramOfficial,
} as const;

/**
 * A signature on the whole book, never the candidate's, by staff who may and who act for the candidate's program as
 * the portfolio's attestation asks (`actsForProgram`): directors and administration see every program's books, but
 * sign only for the programs they are assigned to or direct. Not dated before the book was started (a server time in
 * UTC against the device's day: a day's allowance, as for a JPR).
 */
function bookToSign(
  ctx: CommandContext,
  { taskBookId, capturedAt }: { taskBookId: string; capturedAt: string },
  action: keyof typeof NOT_OF_PROGRAM,
) {
  const book = visibleBook(ctx, taskBookId);
  if (isCandidate(ctx, ctx.actor.id, book)) throw forbidden(TASK_BOOK_ERR.ownJpr);
  assertCan(ctx.actor, action);
  if (!actsForProgram(signerFor(ctx.tx, ctx.actor, book.programId))) throw forbidden(NOT_OF_PROGRAM[action]);
  if (capturedAt.slice(0, 10) < addDays(book.startedOn, -1))
    throw invalid({ capturedAt: TASK_BOOK_ERR.signedBeforeStart });
  return book;
}

/** The final evaluator verifies the book: only one in progress, and only when every required JPR is signed. */
export const verifyTaskBook = defineCommand({
  name: 'verifyTaskBook',
  offline: true,
  args: signTaskBookSchema,
  apply(ctx, args) {
    const book = bookToSign(ctx, args, 'taskBooks.verify');
    if (book.state !== 'started') throw conflict(TASK_BOOK_ERR.notStarted);
    const figures = bookFigures(
      book,
      requiredJprIds(ctx, book.level),
      recordsOf(ctx, book.id),
      programRules(ctx, book.programId),
    );
    if (figures.missing.length > 0) throw conflict(TASK_BOOK_ERR.bookIncomplete(figures.missing.length));
    return ctx.update(t.taskBooks, book, {
      state: 'verified',
      verifiedBy: ctx.actor.id,
      verifiedName: args.name,
      verifiedSignature: args.signature,
      verifiedAt: args.capturedAt,
    });
  },
});

/** The agency's certifying official signs last: only a verified book, and not the person who verified it. */
export const certifyTaskBook = defineCommand({
  name: 'certifyTaskBook',
  offline: true,
  args: signTaskBookSchema,
  apply(ctx, args) {
    const book = bookToSign(ctx, args, 'taskBooks.certify');
    if (book.state !== 'verified') throw conflict(TASK_BOOK_ERR.notVerified);
    // one person from a second account (an address in another form) is still the final evaluator
    if (sameAccountHolder(ctx.tx, ctx.actor.id, book.verifiedBy)) throw forbidden(TASK_BOOK_ERR.sameSigner);
    return ctx.update(t.taskBooks, book, {
      state: 'certified',
      certifiedBy: ctx.actor.id,
      certifiedName: args.name,
      certifiedSignature: args.signature,
      certifiedAt: args.capturedAt,
    });
  },
});

/** A program's attempts per day, days, and whether JPRs done in training are signed again. Online, by leads. */
export const setTaskBookRules = defineCommand({
  name: 'setTaskBookRules',
  args: taskBookRulesSchema,
  apply(ctx, { programId, ...rules }) {
    assertCan(ctx.actor, 'programs.manage');
    const program = ctx.get(t.programs, programId, 'Program');
    if (program.type !== 'fire') throw invalid({ programId: TASK_BOOK_ERR.rulesFireOnly });
    return ctx.update(t.programs, program, { taskBookRules: rules });
  },
});

export const taskBookCommands = [startTaskBook, signJpr, verifyTaskBook, certifyTaskBook, setTaskBookRules];
