import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';

import { type CommandContext, defineCommand } from '#api/commands/command.ts';
import { shiftFromTimeRequest } from '#api/domain/shifts/time-request-shift.ts';
import { conflict, forbidden, invalid, notFound } from '#api/http/errors.ts';
import { assertCan } from '#api/permissions/matrix.ts';
import { ownStudentRecords, studentFieldNotFound, visibleStudentOr } from '#api/permissions/scope.ts';
import { PRECEPTOR_REQUEST_LEVELS, type RequestStatus } from '#schema/enums.ts';
import { ERR, MSG } from '#schema/messages.ts';
import {
  clinicalTimeRequestSchema,
  denySchema,
  preceptorRequestSchema,
  programJoinRequestSchema,
  reviewSchema,
  roleChangeRequestSchema,
  sitePreceptorRequestSchema,
  sitePreceptorReviewSchema,
} from '#schema/request.ts';
import { isOwnGrant, mayApprove } from '#schema/request-review.ts';
import * as t from '#schema/tables.ts';

import { roleChanged } from '../users/users.commands.ts';

type RequestRow = typeof t.requests.$inferSelect;

function requireProgram(ctx: CommandContext, programId: string) {
  if (!ctx.find(t.programs, programId)) throw invalid({ programId: 'Program not found' });
}

function requireSite(ctx: CommandContext, clinicalSiteId: string) {
  if (!ctx.find(t.clinicalSites, clinicalSiteId)) throw invalid({ clinicalSiteId: 'Clinical site not found' });
}

/** A student record the actor may file for: a student's own, or one in a staff member's programs. */
const requireVisibleStudent = (ctx: CommandContext, studentId: string) =>
  visibleStudentOr(ctx.tx, ctx.actor, studentId, studentFieldNotFound);

function liveMembership(ctx: CommandContext, userId: string, programId: string) {
  return ctx.tx
    .select()
    .from(t.programMembers)
    .where(
      and(
        eq(t.programMembers.userId, userId),
        eq(t.programMembers.programId, programId),
        isNull(t.programMembers.deletedAt),
      ),
    )
    .get();
}

export const fileProgramJoinRequest = defineCommand({
  name: 'fileProgramJoinRequest',
  offline: true,
  args: programJoinRequestSchema,
  apply(ctx, args) {
    assertCan(ctx.actor, 'requests.file');
    requireProgram(ctx, args.programId);
    if (liveMembership(ctx, ctx.actor.id, args.programId))
      throw conflict(ERR.alreadyMember, { programId: ERR.alreadyMember });
    const pending = ctx.tx
      .select({ id: t.requests.id })
      .from(t.requests)
      .where(
        and(
          eq(t.requests.kind, 'program-join'),
          eq(t.requests.userId, ctx.actor.id),
          eq(t.requests.programId, args.programId),
          eq(t.requests.status, 'pending'),
          isNull(t.requests.deletedAt),
        ),
      )
      .get();
    if (pending) throw conflict(ERR.alreadyPending, { programId: ERR.alreadyPending });
    return ctx.insert(t.requests, { ...args, kind: 'program-join', userId: ctx.actor.id });
  },
});

export const fileRoleChangeRequest = defineCommand({
  name: 'fileRoleChangeRequest',
  offline: true,
  args: roleChangeRequestSchema,
  apply(ctx, args) {
    assertCan(ctx.actor, 'requests.file');
    requireProgram(ctx, args.programId);
    const currentRole = liveMembership(ctx, ctx.actor.id, args.programId)?.assignedRole ?? ctx.actor.role;
    return ctx.insert(t.requests, { ...args, kind: 'role-change', userId: ctx.actor.id, currentRole });
  },
});

/** Request EMS Preceptor (Requests screen): dates and skills are free text. */
export const filePreceptorRequest = defineCommand({
  name: 'filePreceptorRequest',
  offline: true,
  args: preceptorRequestSchema,
  apply(ctx, { requestedDates, skillsToFocus, ...args }) {
    assertCan(ctx.actor, 'requests.file');
    requireVisibleStudent(ctx, args.studentId);
    requireSite(ctx, args.clinicalSiteId);
    if (args.requestedPreceptorId) {
      const preceptor = ctx.find(t.users, args.requestedPreceptorId);
      if (!preceptor || preceptor.role !== 'preceptor' || !preceptor.isActive) {
        throw invalid({ requestedPreceptorId: 'Preceptor not found' });
      }
    }
    return ctx.insert(t.requests, {
      ...args,
      kind: 'preceptor',
      userId: ctx.actor.id,
      requestedDatesText: requestedDates,
      skillsToFocusText: skillsToFocus,
    });
  },
});

/** A student files for their own record; staff name a student of their programs. */
function clinicalTimeStudent(ctx: CommandContext, studentId: string | null) {
  if (studentId) return requireVisibleStudent(ctx, studentId);
  const own = ctx.actor.role === 'student' ? ownStudentRecords(ctx.tx, ctx.actor)[0] : undefined;
  if (!own) throw invalid({ studentId: MSG.studentRequired });
  return own;
}

export const fileClinicalTimeRequest = defineCommand({
  name: 'fileClinicalTimeRequest',
  offline: true,
  args: clinicalTimeRequestSchema,
  apply(ctx, { studentId, certificationLevel, skillsFocus, ...args }) {
    assertCan(ctx.actor, 'requests.file');
    const student = clinicalTimeStudent(ctx, studentId);
    requireSite(ctx, args.clinicalSiteId);
    return ctx.insert(t.requests, {
      ...args,
      kind: 'clinical-time',
      userId: ctx.actor.id,
      studentId: student.id,
      emsCertificationLevel: certificationLevel,
      skillsToFocusText: skillsFocus,
    });
  },
});

/** The request form's level for a student's level (the form names critical care differently). */
function preceptorLevel(studentLevel: string): string | null {
  const level = studentLevel === 'critical_care' ? 'critical_care_paramedic' : studentLevel;
  return (PRECEPTOR_REQUEST_LEVELS as readonly string[]).includes(level) ? level : null;
}

/** Request a preceptor from a site card (Clinical Sites screen): a list of dates, none before yesterday (UTC). */
export const fileSitePreceptorRequest = defineCommand({
  name: 'fileSitePreceptorRequest',
  offline: true,
  args: sitePreceptorRequestSchema,
  apply(ctx, args) {
    assertCan(ctx.actor, 'requests.file');
    const student = requireVisibleStudent(ctx, args.studentId);
    requireSite(ctx, args.clinicalSiteId);
    // a day's grace: the picker's "today" may still be yesterday in UTC, or the request waited offline overnight
    const yesterday = new Date(Date.parse(ctx.now) - 86_400_000).toISOString().slice(0, 10);
    if (args.requestedDates.some((d) => d < yesterday)) throw invalid({ requestedDates: MSG.dateNotPast });
    return ctx.insert(t.requests, {
      ...args,
      kind: 'preceptor',
      userId: ctx.actor.id,
      emsCertificationLevel: preceptorLevel(student.emsCertificationLevel),
    });
  },
});

function requestOfKind(ctx: CommandContext, kind: string, id: string): RequestRow {
  const row = ctx.find(t.requests, id);
  if (!row || row.kind !== kind) throw notFound('Request');
  return row;
}

function joinProgram(ctx: CommandContext, userId: string, programId: string, assignedRole: string) {
  if (!ctx.find(t.users, userId)) throw invalid({ userId: 'User not found' });
  requireProgram(ctx, programId);
  if (!liveMembership(ctx, userId, programId)) ctx.insert(t.programMembers, { userId, programId, assignedRole });
}

function changeRole(ctx: CommandContext, userId: string, programId: string, role: string) {
  const user = ctx.find(t.users, userId);
  if (!user) throw invalid({ userId: 'User not found' });
  requireProgram(ctx, programId);
  if (user.role !== role) roleChanged(ctx, ctx.update(t.users, user, { role }));
  const membership = liveMembership(ctx, userId, programId);
  if (membership) ctx.update(t.programMembers, membership, { assignedRole: role });
  else ctx.insert(t.programMembers, { userId, programId, assignedRole: role });
}

/** An approved clinical-time request becomes its student's booked shift; a preceptor request needs no other write. */
function applyApproval(ctx: CommandContext, row: RequestRow) {
  if (row.kind === 'program-join') joinProgram(ctx, row.userId, row.programId!, row.requestedRole!);
  if (row.kind === 'role-change') changeRole(ctx, row.userId, row.programId!, row.requestedRole!);
  if (row.kind === 'clinical-time') shiftFromTimeRequest(ctx, row, ctx.actor.id);
}

function review(ctx: CommandContext, kind: string, id: string, status: RequestStatus, reviewNotes: string | null) {
  const row = requestOfKind(ctx, kind, id);
  if (row.status !== 'pending') throw conflict(ERR.notPending);
  if (isOwnGrant(ctx.actor.id, row)) throw forbidden(ERR.ownReview);
  if (status === 'approved') {
    if (!mayApprove(ctx.actor.role, row, ctx.find(t.users, row.userId)?.role)) throw forbidden(ERR.grantRole);
    applyApproval(ctx, row);
  }
  return ctx.update(t.requests, row, {
    status,
    reviewNotes,
    reviewedBy: ctx.actor.id,
    reviewedAt: ctx.now,
    approvalLevel: ctx.actor.role,
  });
}

const reviewArgs = reviewSchema.extend({ kind: z.string(), id: z.string() });
const denyArgs = denySchema.extend({ kind: z.string(), id: z.string() });

export const approveRequest = defineCommand({
  name: 'approveRequest',
  args: reviewArgs,
  apply(ctx, { kind, id, reviewNotes }) {
    assertCan(ctx.actor, 'requests.review');
    return review(ctx, kind, id, 'approved', reviewNotes);
  },
});

export const denyRequest = defineCommand({
  name: 'denyRequest',
  args: denyArgs,
  apply(ctx, { kind, id, reviewNotes }) {
    assertCan(ctx.actor, 'requests.review');
    return review(ctx, kind, id, 'denied', reviewNotes);
  },
});

/** The Clinical Sites screen's review panel: same effects, limited to directors and administration. */
export const reviewSitePreceptorRequest = defineCommand({
  name: 'reviewSitePreceptorRequest',
  args: sitePreceptorReviewSchema,
  apply(ctx, { id, action, reviewNotes }) {
    assertCan(ctx.actor, 'preceptorRequests.review');
    return review(ctx, 'preceptor', id, action === 'approve' ? 'approved' : 'denied', reviewNotes);
  },
});

export const deleteRequest = defineCommand({
  name: 'deleteRequest',
  args: z.object({ kind: z.string(), id: z.string() }),
  apply(ctx, { kind, id }) {
    assertCan(ctx.actor, 'requests.delete');
    ctx.remove(t.requests, requestOfKind(ctx, kind, id));
    return { id };
  },
});

export const requestCommands = [
  fileProgramJoinRequest,
  fileRoleChangeRequest,
  filePreceptorRequest,
  fileClinicalTimeRequest,
  fileSitePreceptorRequest,
  approveRequest,
  denyRequest,
  reviewSitePreceptorRequest,
  deleteRequest,
];
