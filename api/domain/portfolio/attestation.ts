/**
 * A portfolio's attestation on the server (the Terminal Competency form for EMS, the task book's or field training's
 * completion for fire and police): who signs each step (schema/attestation.ts), the portfolio's evidence frozen in
 * each signature by stable keys (with a readable snapshot of it as printed) and the SHA-256 of its keys and figures,
 * and "changed after attestation" with what changed, each change named by its label now.
 * A signature is written with an audit entry in one transaction; the table refuses updates and deletes.
 */
import { randomUUID } from 'node:crypto';

import { asc, eq } from 'drizzle-orm';

import type { Actor } from '#api/commands/command.ts';
import { nextVersion } from '#api/commands/command.ts';
import type { Db, Q } from '#api/db/open.ts';
import { statement } from '#api/db/statements.ts';
import { sha256 } from '#api/domain/evidence/sign-off-effects.ts';
import { AppError } from '#api/http/errors.ts';
import { isStudentThemself, sameAccountHolder } from '#api/permissions/same-person.ts';
import { signerFor } from '#api/permissions/scope.ts';
import {
  ATTESTATION_ROLE_LABELS,
  attestationRefusal,
  type AttestationRole,
  attestationRoleOf,
  type AttestationSignature,
  type AttestedEvidence,
  evidenceChanges,
  evidenceContent,
} from '#schema/attestation.ts';
import { JPR_METHOD_LABELS, JPR_METHODS } from '#schema/fire-task-book.ts';
import { MSG } from '#schema/messages.ts';
import { type Portfolio, type PortfolioDor, type PortfolioTaskBook, readyToGraduate } from '#schema/portfolio.ts';
import { smcItems, smcTableLabel } from '#schema/smc.ts';
import type { StudentRow } from '#schema/student-summary.ts';
import * as t from '#schema/tables.ts';

import { portfolioOf } from './portfolio.ts';

/** Adds one figure of the evidence under its stable key, with its label now and, when it holds keys, its words. */
const put = (out: AttestedEvidence, key: string, label: string, value: string, text?: string) => {
  out[key] = text === undefined || text === value ? { label, value } : { label, value, text };
};

/** A JPR's method by its key: the portfolio prints the method's label, which may be reworded. */
const methodKey = (label: string | null) => JPR_METHODS.find((m) => JPR_METHOD_LABELS[m] === label) ?? label;

/** A fire candidate's evidence: each required JPR as signed (its method by key), and the book's state. */
function taskBookEvidence(book: PortfolioTaskBook, out: AttestedEvidence) {
  for (const j of book.jprs) {
    const signed = (method: string | null) =>
      j.signed ? `signed ${j.date} by ${j.evaluator} (${method})` : 'not signed';
    put(out, `jpr:${j.skillId}`, `JPR ${j.reference} ${j.name}`, signed(methodKey(j.method)), signed(j.method));
  }
  put(out, 'taskBook:state', 'Task book', book.state, book.stateLabel);
}

/** A police recruit's evidence: phase, each category's latest and mean rating, and the reports signed. */
function dorEvidence(dor: PortfolioDor, out: AttestedEvidence) {
  put(out, 'dor:phase', 'DOR phase', dor.phase === null ? 'none' : `${dor.phase} of ${dor.phases}`);
  for (const c of dor.categories) {
    put(out, `dor:${c.code}`, `DOR ${c.name}`, `latest ${c.latest ?? '-'}, mean ${c.mean ?? '-'}`);
  }
  // the key attestations made before stored this count under, so an unchanged count reads as unchanged
  put(out, 'dor:signedThroughAllPhases', 'DORs signed through all phases', String(dor.signed.supervisor));
}

/** The evidence a signature stands on: one figure per record it counts, so a change can be named. */
function evidenceOf(p: Portfolio): AttestedEvidence {
  const out: AttestedEvidence = {};
  if (p.taskBook) taskBookEvidence(p.taskBook, out);
  if (p.dor) dorEvidence(p.dor, out);
  // the SMC figures stand for EMS students only: a fire or police student's SMC tables are empty and not theirs
  for (const i of p.discipline === 'ems' ? smcItems(p.smc) : []) {
    const value = `${i.count} of ${i.minimum} verified, ${i.attempted} attempted, ${i.successful} successful`;
    put(out, `smc:${i.key}`, `${smcTableLabel(i.table, p.smc.level)}: ${i.label}`, value);
  }
  put(out, 'hours:verified', 'Hours verified', String(p.hours.verified));
  for (const s of p.signOffs) {
    put(out, `signOff:${s.id}`, `Sign-off ${s.capturedAt.slice(0, 10)} by ${s.preceptor.name} (${s.id})`, s.status);
  }
  return out;
}

/** The evidence as the signer read it: each figure under its label of the day. */
const readable = (e: AttestedEvidence) =>
  Object.fromEntries(Object.values(e).map(({ label, value, text }) => [label, text ?? value]));

const hashOf = (e: AttestedEvidence) => sha256(evidenceContent(e));

export interface AttestationView {
  contentHash: string;
  signatures: AttestationSignature[];
  /** What changed since the latest signature whose content differs from now. */
  changedAfter: string[];
  /** The role the caller would sign in, and whether the server would take their signature now. */
  yourRole: AttestationRole | null;
  canSign: boolean;
  exceptionRequired: boolean;
}

const signerRole = (q: Q, actor: Actor, student: StudentRow, discipline: Portfolio['discipline']) =>
  attestationRoleOf(discipline, signerFor(q, actor, student.programId));

const signaturesOf = (q: Q, studentId: string) =>
  q
    .select()
    .from(t.attestations)
    .where(eq(t.attestations.studentId, studentId))
    .orderBy(asc(t.attestations.signedAt))
    .all();

type AttestationRow = typeof t.attestations.$inferSelect;

/** Whether a signature stands on the evidence as it is now: the same keys and figures, whatever their labels. */
const standsOn = (r: AttestationRow, contentHash: string) => hashOf(r.evidence) === contentHash;

/** The signatures standing on the portfolio as it is now. */
const current = (rows: readonly AttestationRow[], contentHash: string) => rows.filter((r) => standsOn(r, contentHash));

/**
 * `attestationRefusal`, with one person taken as one whichever of their accounts signs (api/permissions/same-person.ts):
 * a second account under an address of the student's attests nothing of theirs, and one under the address of the
 * other step's signer is that signer.
 */
function refusalFor(
  q: Q,
  actor: Actor,
  student: StudentRow,
  discipline: Portfolio['discipline'],
  role: AttestationRole | null,
  signed: readonly AttestationRow[],
  shortOfMinimum: boolean,
  exception: string | null,
) {
  if (role && isStudentThemself(q, actor.id, student)) return { status: 403 as const, message: MSG.attestationOwn };
  const asSigners = signed.map((s) => ({
    role: s.role,
    signerId: sameAccountHolder(q, actor.id, s.signerId) ? actor.id : s.signerId,
  }));
  return attestationRefusal(discipline, { role, userId: actor.id }, asSigners, shortOfMinimum, exception);
}

/** The attestation as the portfolio shows it to this caller. */
export function attestationView(q: Q, actor: Actor, student: StudentRow, p: Portfolio): AttestationView {
  const now = evidenceOf(p);
  const contentHash = hashOf(now);
  const rows = signaturesOf(q, student.id);
  const latestChanged = [...rows].reverse().find((r) => !standsOn(r, contentHash));
  const shortOfMinimum = !readyToGraduate(p).ready;
  const yourRole = signerRole(q, actor, student, p.discipline);
  const refusal = refusalFor(q, actor, student, p.discipline, yourRole, current(rows, contentHash), false, null);
  return {
    contentHash,
    signatures: rows.map((r) => ({
      role: r.role as AttestationRole,
      roleLabel: ATTESTATION_ROLE_LABELS[r.role as AttestationRole],
      name: r.signerName,
      signedAt: r.signedAt,
      contentHash: r.contentHash,
      exception: r.exception,
      changed: !standsOn(r, contentHash),
    })),
    changedAfter: latestChanged ? evidenceChanges(latestChanged.evidence, now) : [],
    yourRole,
    canSign: refusal === null,
    exceptionRequired: shortOfMinimum,
  };
}

/**
 * Signs the portfolio as it stands for the caller's attestation role, refused unless the order, the signer and the
 * exception rule allow it; the signature and its audit entry are one transaction.
 */
export function attest(db: Db, actor: Actor, student: StudentRow, exception: string | null) {
  return db.transaction((tx) => {
    const p = portfolioOf(tx, student);
    const view = attestationView(tx, actor, student, p);
    const evidence = evidenceOf(p);
    const signed = current(signaturesOf(tx, student.id), view.contentHash);
    const refusal = refusalFor(
      tx,
      actor,
      student,
      p.discipline,
      view.yourRole,
      signed,
      view.exceptionRequired,
      exception,
    );
    if (refusal) {
      throw new AppError(
        refusal.status,
        refusal.message,
        refusal.status === 400 ? { exception: refusal.message } : undefined,
      );
    }
    const user = tx.select().from(t.users).where(eq(t.users.id, actor.id)).get()!;
    const row = {
      id: randomUUID(),
      studentId: student.id,
      role: view.yourRole!,
      signerId: actor.id,
      signerName: `${user.firstName} ${user.lastName}`,
      signedAt: new Date().toISOString(),
      contentHash: view.contentHash,
      snapshot: readable(evidence),
      evidence,
      exception: view.exceptionRequired ? exception : null,
    };
    tx.insert(t.attestations).values(row).run();
    // the step's title beside its key, so the audit trail names the signer as the portfolio does
    const audited = { ...row, roleLabel: ATTESTATION_ROLE_LABELS[row.role] };
    const changes = Object.fromEntries(
      ['studentId', 'role', 'roleLabel', 'signerName', 'contentHash', 'exception'].map((k) => [
        k,
        { before: null, after: audited[k as keyof typeof audited] },
      ]),
    );
    statement(
      tx,
      `insert into audit_log (at, actor_id, command, table_name, record_id, action, changes, version)
      values (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      row.signedAt,
      actor.id,
      'attestPortfolio',
      'attestations',
      row.id,
      'create',
      JSON.stringify(changes),
      nextVersion(tx),
    );
    return row;
  });
}
