/**
 * For each table a client keeps: which rows a user may see and how a row travels. The rules are the REST reads' rules
 * (api/permissions, the route queries); a test compares a full pull with the REST lists for every role.
 */
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as t from '../../schema/tables.ts';
import { can } from '../../api/permissions/matrix.ts';
import type { SyncedTableName } from '../protocol.ts';
import { inScope, type View } from './view.ts';

type Row = { id: string; deletedAt: string | null; version: number } & Record<string, unknown>;
export interface TableSpec {
  table: SQLiteTable & { version: unknown; id: unknown };
  visible: (view: View, row: Row) => boolean;
  toClient: (view: View, row: Row) => Record<string, unknown> & { id: string };
}

const plain = ({ deletedAt: _d, ...row }: Row) => row;
const always = () => true;
const staffOnly = (view: View) => view.staff;
const ofVisibleStudent = (view: View, row: Row) => view.visibleStudentIds.has(row.studentId as string);

export const TABLE_SPECS: Record<SyncedTableName, TableSpec> = {
  users: {
    table: t.users,
    visible: always,
    toClient: (view, u) =>
      can(view.actor.role, 'users.readContact') || u.id === view.actor.id
        ? {
            id: u.id,
            email: u.email,
            firstName: u.firstName,
            lastName: u.lastName,
            role: u.role,
            phone: u.phone,
            department: u.department,
            certifications: u.certifications,
            specialties: u.specialties,
            isActive: u.isActive,
            profileImageUrl: u.profileImageUrl,
            createdAt: u.createdAt,
            updatedAt: u.updatedAt,
            version: u.version,
          }
        : {
            id: u.id,
            firstName: u.firstName,
            lastName: u.lastName,
            role: u.role,
            isActive: u.isActive,
            version: u.version,
          },
  },
  instructors: { table: t.instructors, visible: staffOnly, toClient: (_v, r) => plain(r) },
  programs: { table: t.programs, visible: always, toClient: (_v, r) => plain(r) },
  programMembers: {
    table: t.programMembers,
    visible: (view, m) => view.staff || m.userId === view.actor.id,
    toClient: (_v, r) => plain(r),
  },
  students: {
    table: t.students,
    visible: (view, s) => view.visibleStudentIds.has(s.id),
    toClient: (_v, { studentCode, ...s }) => ({ ...plain(s as Row), studentId: studentCode }),
  },
  skills: { table: t.skills, visible: always, toClient: (_v, r) => plain(r) },
  studentSkills: { table: t.studentSkills, visible: ofVisibleStudent, toClient: (_v, r) => plain(r) },
  clinicalSites: { table: t.clinicalSites, visible: always, toClient: (_v, r) => plain(r) },
  siteEmails: { table: t.siteEmails, visible: staffOnly, toClient: (_v, r) => plain(r) },
  clinicalHours: { table: t.clinicalHours, visible: ofVisibleStudent, toClient: (_v, r) => plain(r) },
  documents: {
    table: t.documents,
    visible: (view, d) => view.canSeeDocument(d as never),
    toClient: (_v, { storedName: _s, ...d }) => plain(d as Row),
  },
  messages: {
    table: t.messages,
    visible: (view, m) =>
      (m.recipientId === view.actor.id && !m.recipientDeleted) || (m.senderId === view.actor.id && !m.senderDeleted),
    toClient: (view, m) => {
      const mine = m.recipientId === view.actor.id ? 'recipient' : 'sender';
      return {
        id: m.id,
        senderId: m.senderId,
        recipientId: m.recipientId,
        subject: m.subject,
        content: m.content,
        priority: m.priority,
        category: m.category,
        isRead: m.isRead,
        readAt: m.readAt,
        createdAt: m.createdAt,
        updatedAt: m.updatedAt,
        version: m.version,
        isStarred: m[`${mine}Starred`],
        isArchived: m[`${mine}Archived`],
      };
    },
  },
  requests: {
    table: t.requests,
    visible: (view, r) =>
      can(view.actor.role, 'requests.readAll') ||
      r.userId === view.actor.id ||
      (view.ownStudentIds.has(r.studentId as string) && (r.kind === 'preceptor' || r.kind === 'clinical-time')),
    toClient: (_v, r) => plain(r),
  },
  accreditationRequirements: {
    table: t.accreditationRequirements,
    visible: (view, r) => view.staff && inScope(view, r.programId as string | null),
    toClient: (_v, r) => plain(r),
  },
  ramAssessments: {
    table: t.ramAssessments,
    visible: (view, r) => view.staff && inScope(view, r.programId as string | null),
    toClient: (_v, r) => plain(r),
  },
};
