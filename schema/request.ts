import { z } from 'zod';

import {
  clientId,
  intInRange,
  isoDate,
  isoDateTime,
  optionalRefId,
  optionalText,
  refId,
  requiredText,
} from './common.ts';
import { JOIN_REQUEST_ROLES, PRECEPTOR_FOCUS_SKILLS, PRECEPTOR_REQUEST_LEVELS, ROLES } from './enums.ts';
import { MSG } from './messages.ts';

const justification = (message: string) =>
  z.string({ error: message }).trim().min(10, message).max(5000, 'At most 5000 characters');

export const programJoinRequestSchema = z.object({
  id: clientId(),
  programId: refId(MSG.programRequired),
  requestedRole: z.enum(JOIN_REQUEST_ROLES, { error: MSG.roleRequired }).default('student'),
  justification: justification(MSG.justification),
});

export const roleChangeRequestSchema = z.object({
  id: clientId(),
  programId: refId(MSG.programRequired),
  requestedRole: z.enum(ROLES, { error: MSG.roleRequired }).default('instructor'),
  justification: justification(MSG.justification),
});

/** Request EMS Preceptor (Requests screen, part 2): dates as free text. */
export const preceptorRequestSchema = z.object({
  id: clientId(),
  studentId: refId(MSG.studentRequired),
  clinicalSiteId: refId(MSG.clinicalSiteRequired),
  requestedPreceptorId: optionalRefId('none'),
  emsCertificationLevel: z.enum(PRECEPTOR_REQUEST_LEVELS, { error: MSG.certificationLevelRequired }).default('emt'),
  requestedDates: z.string({ error: MSG.requestedDatesRequired }).trim().min(1, MSG.requestedDatesRequired).max(1000),
  skillsToFocus: z
    .union([z.string().trim().max(2000), z.array(z.string().trim().max(100)).max(50)])
    .nullish()
    .transform((v) => (Array.isArray(v) ? v.join(', ') : v) || null),
  justification: justification(MSG.justification),
});

/** Request a preceptor from a site card (Clinical Sites screen, part 1): a list of dates. */
export const sitePreceptorRequestSchema = z.object({
  id: clientId(),
  clinicalSiteId: refId(MSG.clinicalSiteRequired),
  studentId: refId(MSG.studentRequired),
  requestedDates: z
    .array(isoDate(), { error: MSG.addOneDate })
    .min(1, MSG.oneDateRequired)
    .max(60)
    .transform((dates) => [...new Set(dates)].sort()),
  skillsToFocus: z.array(z.enum(PRECEPTOR_FOCUS_SKILLS)).max(PRECEPTOR_FOCUS_SKILLS.length).default([]),
  justification: justification(MSG.detailedJustification),
});

export const reviewSchema = z.object({ reviewNotes: optionalText(5000) });
/** A denial says why: the requester reads the reason. */
export const denySchema = z.object({ reviewNotes: requiredText(MSG.denyReasonRequired, 5000) });

/** The site screen's review call: POST /api/preceptor-requests/{id}/review. approvalLevel is the server's own record of the reviewer's role. */
export const sitePreceptorReviewSchema = z
  .object({
    id: z.string(),
    action: z.enum(['approve', 'deny'], { error: 'Action must be approve or deny' }),
    reviewNotes: optionalText(5000),
    approvalLevel: z
      .unknown()
      .optional()
      .transform(() => undefined),
  })
  .refine((r) => r.action !== 'deny' || !!r.reviewNotes, { message: MSG.denyReasonRequired, path: ['reviewNotes'] });

export const CLINICAL_TIME_LEVELS = ['emr', 'emt', 'aemt', 'paramedic'] as const;
/** Clinical time request (Clinical Management, Time Requests tab). */
export const clinicalTimeRequestSchema = z
  .object({
    id: clientId(),
    clinicalSiteId: refId(MSG.selectClinicalSite),
    studentId: optionalRefId(),
    startAt: isoDateTime(),
    endAt: isoDateTime(),
    requestedHours: intInRange(1, 40, MSG.hoursRange),
    certificationLevel: z.enum(CLINICAL_TIME_LEVELS, { error: MSG.certificationLevelRequired }).default('emt'),
    skillsFocus: optionalText(2000),
    specialRequirements: optionalText(2000),
  })
  .refine((r) => Date.parse(r.endAt) > Date.parse(r.startAt), { message: MSG.endAfterStart, path: ['endAt'] });
