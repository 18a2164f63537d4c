/**
 * The fire task book on the device, offline on the evaluator's or the candidate's phone: the server's commands
 * (api/domain/task-book/) with the same argument schemas, refused on the device by the same rules
 * (schema/fire-task-book.ts) on the rows it holds, and applied optimistically until the server's rows arrive.
 */
import type { z } from 'zod';

import { actsForProgram } from '#schema/attestation.ts';
import {
  bookFigures,
  jprEvaluatorName,
  nextAttempt,
  performedBeforeStart,
  type TaskBookLevel,
  taskBookRulesOf,
} from '#schema/fire-task-book.ts';
import { signJprSchema, signTaskBookSchema, startTaskBookSchema } from '#schema/fire-task-book-schema.ts';
import { TASK_BOOK_ERR } from '#schema/messages.ts';
import { isOneOf } from '#schema/sign-off.ts';

import { entityKey } from '../entity-keys.ts';
import type { LocalWriter } from '../local-writer.ts';
import type { Mutator, MutatorContext } from './mutator.ts';

// the identity helper of mutators.ts, here too: that module imports this one, so this one takes only its types
const mutator = <S extends z.ZodType>(m: Mutator<S>) => m;

const stamp = (ctx: MutatorContext) => ({ createdAt: ctx.now, updatedAt: ctx.now });

async function rulesOf(w: LocalWriter, programId: string) {
  return taskBookRulesOf((await w.get('programs', programId))?.taskBookRules);
}

/** The JPRs a book of this level requires: the fire skills of the level the device holds. */
async function requiredJprIds(w: LocalWriter, level: string) {
  return (await w.all('skills', '[programType+certificationLevel]', ['fire', level])).map((s) => s.id);
}

/** The book and its candidate's account, as the device holds them. */
async function bookOf(w: LocalWriter, id: string) {
  const book = await w.get('taskBooks', id);
  const student = book && (await w.get('students', book.studentId));
  return book && student ? { book, student } : undefined;
}

async function startRefusal(w: LocalWriter, { studentId }: { studentId: string }) {
  const student = await w.get('students', studentId);
  const program = student && (await w.get('programs', student.programId));
  if (program?.type !== 'fire' || !program.certificationLevel) return TASK_BOOK_ERR.notFireProgram;
  const open = (await w.all('taskBooks', 'studentId', studentId)).some((b) => b.level === program.certificationLevel);
  return open ? TASK_BOOK_ERR.bookAlreadyStarted : null;
}

/**
 * On the evaluator's own phone the signer is the signed-in account: the name the record shows, or null when the
 * evaluator typed is someone else (`jprEvaluatorName`, the server's rule). Undefined while the device holds no row of
 * the account: the server decides.
 */
async function signedInEvaluatorName(w: LocalWriter, args: { evaluator: { name: string } }, ctx: MutatorContext) {
  const me = await w.get('users', ctx.userId);
  return me && jprEvaluatorName(args.evaluator.name, me);
}

/**
 * The device's part of the server's checks on a JPR: the book is open, it was not observed before the book's start,
 * the evaluator is not the candidate (a
 * candidate's phone needs the evaluator's code, and not the candidate's own address in any form), on the evaluator's
 * own phone the evaluator typed is the signed-in account, and the program's attempt limits. The code itself, and the
 * account it names, only the server can check.
 */
async function jprRefusal(w: LocalWriter, args: z.output<typeof signJprSchema>, ctx: MutatorContext) {
  const found = await bookOf(w, args.taskBookId);
  if (!found) return null;
  const { book, student } = found;
  if (book.state !== 'started') return TASK_BOOK_ERR.bookClosed;
  if (performedBeforeStart(book, args)) return TASK_BOOK_ERR.jprBeforeStart;
  if (student.userId === ctx.userId) {
    if (!args.cosignCode || !args.evaluator.email) return TASK_BOOK_ERR.codeRequired;
    const me = await w.get('users', ctx.userId);
    if (isOneOf(args.evaluator.email, [student.email, student.phone, me?.email, me?.phone])) {
      return TASK_BOOK_ERR.ownJpr;
    }
  } else if ((await signedInEvaluatorName(w, args, ctx)) === null) {
    return TASK_BOOK_ERR.evaluatorNotSigner;
  }
  const previous = (await w.all('jprSignOffs', 'taskBookId', book.id)).filter((r) => r.skillId === args.skillId);
  const next = nextAttempt(previous, args, await rulesOf(w, book.programId));
  return 'refused' in next ? next.refused : null;
}

/** The device's view of `actsForProgram`: the signed-in account's role and assignment, and the program's director. */
async function actsForBookProgram(w: LocalWriter, programId: string, userId: string) {
  const me = await w.get('users', userId);
  const program = await w.get('programs', programId);
  const membership = (await w.all('programMembers', 'userId', userId)).find((m) => m.programId === programId);
  return (
    !!me &&
    actsForProgram({
      userId,
      role: me.role,
      programDirectorId: program?.directorId ?? null,
      assignedRole: membership?.assignedRole ?? null,
    })
  );
}

/**
 * The final evaluator's and the certifying official's signatures: never the candidate's, by someone who acts for the
 * candidate's program, each after the one before.
 */
async function bookSignRefusal(
  w: LocalWriter,
  { taskBookId }: { taskBookId: string },
  ctx: MutatorContext,
  step: 'verify' | 'certify',
) {
  const found = await bookOf(w, taskBookId);
  if (!found) return null;
  const { book, student } = found;
  if (student.userId === ctx.userId) return TASK_BOOK_ERR.ownJpr;
  if (!(await actsForBookProgram(w, book.programId, ctx.userId))) {
    return step === 'certify' ? TASK_BOOK_ERR.notProgramOfficial : TASK_BOOK_ERR.notProgramEvaluator;
  }
  if (step === 'certify') {
    if (book.state !== 'verified') return TASK_BOOK_ERR.notVerified;
    return book.verifiedBy === ctx.userId ? TASK_BOOK_ERR.sameSigner : null;
  }
  if (book.state !== 'started') return TASK_BOOK_ERR.notStarted;
  const figures = bookFigures(
    book,
    await requiredJprIds(w, book.level),
    await w.all('jprSignOffs', 'taskBookId', book.id),
    await rulesOf(w, book.programId),
  );
  return figures.missing.length > 0 ? TASK_BOOK_ERR.bookIncomplete(figures.missing.length) : null;
}

export const TASK_BOOK_MUTATORS = {
  startTaskBook: mutator({
    args: startTaskBookSchema,
    entityKeys: (a) => [entityKey('taskBooks', a.id)],
    refuse: (w, args) => startRefusal(w, args),
    async apply(w, { id, studentId, startedOn }, ctx) {
      const student = await w.get('students', studentId);
      const program = student && (await w.get('programs', student.programId));
      if (!program) return;
      await w.put('taskBooks', {
        id,
        studentId,
        programId: program.id,
        level: program.certificationLevel as TaskBookLevel,
        state: 'started',
        startedBy: ctx.userId,
        startedOn: startedOn ?? ctx.now.slice(0, 10),
        ...stamp(ctx),
      });
    },
  }),
  signJpr: mutator({
    args: signJprSchema,
    entityKeys: (a) => [entityKey('jprSignOffs', a.id), entityKey('taskBooks', a.taskBookId)],
    refuse: jprRefusal,
    async apply(w, { evaluator, cosignCode: _code, ...a }, ctx) {
      const found = await bookOf(w, a.taskBookId);
      if (!found) return;
      const previous = (await w.all('jprSignOffs', 'taskBookId', a.taskBookId)).filter((r) => r.skillId === a.skillId);
      const next = nextAttempt(previous, a, await rulesOf(w, found.book.programId));
      // refused since it was queued (another phone's attempts arrived): the server's answer will say so
      if ('refused' in next) return;
      const onCandidatePhone = found.student.userId === ctx.userId;
      await w.put('jprSignOffs', {
        ...a,
        ...next,
        studentId: found.book.studentId,
        // on the candidate's phone the account is the code's, which only the server knows: the typed name until its row
        evaluatorName: onCandidatePhone
          ? evaluator.name
          : ((await signedInEvaluatorName(w, { evaluator }, ctx)) ?? evaluator.name),
        evaluatorNumber: evaluator.number,
        evaluatorId: onCandidatePhone ? '' : ctx.userId,
        recordedBy: ctx.userId,
        cosignStep: null,
        ...stamp(ctx),
      });
    },
  }),
  verifyTaskBook: mutator({
    args: signTaskBookSchema,
    entityKeys: (a) => [entityKey('taskBooks', a.taskBookId)],
    refuse: (w, args, ctx) => bookSignRefusal(w, args, ctx, 'verify'),
    async apply(w, a, ctx) {
      await w.update('taskBooks', a.taskBookId, {
        state: 'verified',
        verifiedBy: ctx.userId,
        verifiedName: a.name,
        verifiedSignature: a.signature,
        verifiedAt: a.capturedAt,
        updatedAt: ctx.now,
      });
    },
  }),
  certifyTaskBook: mutator({
    args: signTaskBookSchema,
    entityKeys: (a) => [entityKey('taskBooks', a.taskBookId)],
    refuse: (w, args, ctx) => bookSignRefusal(w, args, ctx, 'certify'),
    async apply(w, a, ctx) {
      await w.update('taskBooks', a.taskBookId, {
        state: 'certified',
        certifiedBy: ctx.userId,
        certifiedName: a.name,
        certifiedSignature: a.signature,
        certifiedAt: a.capturedAt,
        updatedAt: ctx.now,
      });
    },
  }),
};
