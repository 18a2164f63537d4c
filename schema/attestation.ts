/**
 * The attestation that closes a graduate's portfolio, by the program's discipline: two signatures in order, each by
 * the holder of one program role, never one person for both. One rule for the server, which enforces it, and the
 * screen, PDF and audit, which title it; the screen shows only the button the server would accept.
 * - EMS: CoAEMSP's Terminal Competency form, signed by the Program Director then the Medical Director (research wave 3
 *   §2). There is no Medical Director role, so a Director account assigned to the program that is not its named
 *   director (programs.directorId) stands for them; the Program Director is that named director.
 * - Fire: the task book's completion, signed as NFPA 1001 task books close (research wave 2 §5, wave 3 §4.3): the
 *   academy's Training Officer (its named director, the training chief who is the final evaluator), then the agency's
 *   certifying official, a director or administration account assigned to the program in that role.
 * - Police: field training's completion, signed as POST-style FTO programs close (research wave 2 §5, wave 3 §5: FTO
 *   sergeants supervise and coordinate the training): the FTO Coordinator, an account assigned to the program in a
 *   role that reviews Daily Observation Reports as supervisor, then the Academy Director, its named director. The FTO
 *   who writes the reports (a preceptor) signs neither.
 */
import { z } from 'zod';

import type { ProgramType } from './enums.ts';
import { EXCEPTION_MIN_LENGTH, MSG } from './messages.ts';

export type AttestationRole =
  | 'program_director'
  | 'medical_director'
  | 'training_officer'
  | 'certifying_official'
  | 'fto_coordinator'
  | 'academy_director';

/** Every role's title, whichever discipline: a signature keeps its title after its student moves program. */
export const ATTESTATION_ROLE_LABELS: Record<AttestationRole, string> = {
  program_director: 'Program Director',
  medical_director: 'Medical Director',
  training_officer: 'Training Officer (Program Director)',
  certifying_official: 'Agency Certifying Official',
  fto_coordinator: 'FTO Coordinator',
  academy_director: 'Academy Director',
};

/** Who signs a step: the program's named director, or an account assigned to the program in one of these roles. */
type StepSigner = 'named director' | readonly string[];

interface AttestationStep {
  role: AttestationRole;
  signer: StepSigner;
}

export interface AttestationRules {
  /** The attestation's title on the screen and in the PDF. */
  title: string;
  /** The two steps, in the order they sign. */
  steps: readonly [AttestationStep, AttestationStep];
  /** The refusal of someone who signs no step, and of the second signer before the first. */
  notSigner: string;
  firstSignsFirst: string;
}

export const ATTESTATION_RULES: Record<ProgramType, AttestationRules> = {
  ems: {
    title: 'Terminal Competency attestation',
    steps: [
      { role: 'program_director', signer: 'named director' },
      { role: 'medical_director', signer: ['director'] },
    ],
    notSigner: MSG.attestationNotSigner,
    firstSignsFirst: MSG.attestationProgramDirectorFirst,
  },
  fire: {
    title: 'Task book completion attestation',
    steps: [
      { role: 'training_officer', signer: 'named director' },
      { role: 'certifying_official', signer: ['director', 'administration'] },
    ],
    notSigner: MSG.attestationNotSignerFire,
    firstSignsFirst: MSG.attestationTrainingOfficerFirst,
  },
  police: {
    title: 'Field training completion attestation',
    steps: [
      { role: 'fto_coordinator', signer: ['instructor', 'clinical_coordinator', 'director', 'administration'] },
      { role: 'academy_director', signer: 'named director' },
    ],
    notSigner: MSG.attestationNotSignerPolice,
    firstSignsFirst: MSG.attestationCoordinatorFirst,
  },
};

export const attestSchema = z.object({
  exception: z
    .string()
    .trim()
    .max(2000)
    .optional()
    .transform((s) => s || null),
});

export interface Signer {
  userId: string;
  role: string;
  /** The student's program: its named director, and the role the user is assigned to it in (null: not assigned). */
  programDirectorId: string | null;
  assignedRole: string | null;
}

/**
 * Whether the account holds its role's powers over the program: the program's named director, or assigned to the
 * program in the role its account has. Signing for a program (its attestation, a task book's verification and
 * certification) asks this; seeing its students does not (directors and administration see every program).
 */
export const actsForProgram = (s: Signer) => s.programDirectorId === s.userId || s.assignedRole === s.role;

/**
 * The step this user signs for the student's program, if any. The named director signs the named director's step
 * (and no other); anyone else signs the other step when their account's role is one it takes and they are assigned
 * to the program in that role. A program without a named director takes no signature.
 */
export function attestationRoleOf(discipline: ProgramType, s: Signer): AttestationRole | null {
  if (!s.programDirectorId) return null;
  const { steps } = ATTESTATION_RULES[discipline];
  if (s.programDirectorId === s.userId) {
    return s.role === 'director' ? (steps.find((step) => step.signer === 'named director')?.role ?? null) : null;
  }
  const step = steps.find((st) => st.signer !== 'named director' && st.signer.includes(s.role) && actsForProgram(s));
  return step?.role ?? null;
}

/** A signature standing on the portfolio as it is now (its frozen hash equals its current hash). */
export interface CurrentSignature {
  role: string;
  signerId: string;
}

/**
 * Why this signer may not sign now, or null when they may: order enforced (the first step first, on the portfolio as
 * it is now), each step once per content, never one person for both steps (someone given the other role after
 * signing), and a student short of a minimum only with a written exception.
 */
export function attestationRefusal(
  discipline: ProgramType,
  signer: { role: AttestationRole | null; userId: string },
  current: readonly CurrentSignature[],
  shortOfMinimum: boolean,
  exception: string | null,
): { status: 403 | 409 | 400; message: string } | null {
  const { steps, notSigner, firstSignsFirst } = ATTESTATION_RULES[discipline];
  if (!signer.role) return { status: 403, message: notSigner };
  if (current.some((s) => s.role === signer.role)) return { status: 409, message: MSG.attestationAlreadySigned };
  if (current.some((s) => s.signerId === signer.userId)) return { status: 409, message: MSG.attestationSamePerson };
  if (signer.role === steps[1].role && !current.some((s) => s.role === steps[0].role)) {
    return { status: 409, message: firstSignsFirst };
  }
  if (shortOfMinimum && (exception ?? '').length < EXCEPTION_MIN_LENGTH) {
    return { status: 400, message: MSG.attestationExceptionRequired };
  }
  return null;
}

/**
 * The evidence an attestation stands on, frozen with each signature: every figure under a key that names the record it
 * counts (an SMC item's key, a JPR's skill, a DOR category's code, a sign-off's id), never a heading or an item's
 * wording, so renaming a table or a skill leaves a signature standing while any changed figure still shows. Only
 * `value` is compared; `label` (the item's name) and `text` (the figure in words, when `value` holds keys) are what
 * the signer read, kept to name a change.
 */
export type AttestedEvidence = Record<string, { label: string; value: string; text?: string }>;

/** The keys and figures an attestation compares, in one canonical order (the labels are not part of it). */
export const evidenceContent = (e: AttestedEvidence) =>
  JSON.stringify(
    Object.keys(e)
      .sort()
      .map((key) => [key, e[key]!.value]),
  );

/** What differs between the evidence signed and now, each line by the item's label now (or at signing, if gone). */
export function evidenceChanges(signed: AttestedEvidence, now: AttestedEvidence): string[] {
  const shown = (e: AttestedEvidence[string]) => e.text ?? e.value;
  const lines: string[] = [];
  for (const [key, was] of Object.entries(signed)) {
    const is = now[key];
    if (!is) lines.push(`${was.label}: removed (was ${shown(was)})`);
    else if (is.value !== was.value) lines.push(`${is.label}: was ${shown(was)}, now ${shown(is)}`);
  }
  for (const [key, is] of Object.entries(now)) if (!(key in signed)) lines.push(`${is.label}: added (${shown(is)})`);
  return lines;
}

/** One signature as the portfolio shows and prints it. */
export interface AttestationSignature {
  role: AttestationRole;
  roleLabel: string;
  name: string;
  signedAt: string;
  contentHash: string;
  exception: string | null;
  /** The portfolio's content differs from what was signed. */
  changed: boolean;
}
