/**
 * The Terminal Competency attestation: the Program Director signs a student's portfolio, then the Medical Director.
 * There is no Medical Director role, so it is stood for by a Director account assigned to the student's program that
 * is not the program's named director (programs.directorId); the Program Director is that named director. One rule
 * for the server, which enforces it, and the screen, which shows only the button the server would accept.
 */
import { z } from 'zod';

import { EXCEPTION_MIN_LENGTH, MSG } from './messages.ts';

export type AttestationRole = 'program_director' | 'medical_director';
export const ATTESTATION_ROLE_LABELS: Record<AttestationRole, string> = {
  program_director: 'Program Director',
  medical_director: 'Medical Director',
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
  /** The student's program: its named director, and whether the user is assigned to it as a director. */
  programDirectorId: string | null;
  assignedAsDirector: boolean;
}

/** The attestation role this user signs in for the student's program, if any. */
export function attestationRoleOf(s: Signer): AttestationRole | null {
  if (s.role !== 'director') return null;
  if (s.programDirectorId === s.userId) return 'program_director';
  return s.assignedAsDirector && s.programDirectorId ? 'medical_director' : null;
}

/** Signatures standing on the portfolio as it is now (their frozen hash equals its current hash). */
export interface CurrentSignatures {
  programDirector: boolean;
  medicalDirector: boolean;
}

/**
 * Why this signer may not sign now, or null when they may: order enforced (Program Director first, on the portfolio as
 * it is now), each once per content, and a student short of a minimum only with a written exception.
 */
export function attestationRefusal(
  role: AttestationRole | null,
  current: CurrentSignatures,
  shortOfMinimum: boolean,
  exception: string | null,
): { status: 403 | 409 | 400; message: string } | null {
  if (!role) return { status: 403, message: MSG.attestationNotSigner };
  const signed = role === 'program_director' ? current.programDirector : current.medicalDirector;
  if (signed) return { status: 409, message: MSG.attestationAlreadySigned };
  if (role === 'medical_director' && !current.programDirector) {
    return { status: 409, message: MSG.attestationProgramDirectorFirst };
  }
  if (shortOfMinimum && (exception ?? '').length < EXCEPTION_MIN_LENGTH) {
    return { status: 400, message: MSG.attestationExceptionRequired };
  }
  return null;
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
