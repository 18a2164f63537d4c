/**
 * The one permission matrix: which roles may take each action. The server enforces it on every read and write
 * (api/permissions); the app only uses it to hide what the server would refuse. Each action in words, and the
 * README's table printed from them, are in permission-rules.ts, which the app does not load.
 */
import { type Role, ROLES } from './enums.ts';

const ALL: readonly Role[] = ROLES;
const STAFF: readonly Role[] = ['instructor', 'administration', 'preceptor', 'director', 'clinical_coordinator'];
const LEADS: readonly Role[] = ['director', 'administration'];

const PERMISSIONS = {
  'users.create': { roles: LEADS },
  'users.editOthers': { roles: LEADS },
  'users.delete': { roles: [...LEADS, 'instructor'] },
  'users.readContact': { roles: STAFF },
  'staff.read': { roles: STAFF },
  'programs.manage': { roles: LEADS },
  'students.create': { roles: [...LEADS, 'instructor'] },
  'students.update': { roles: [...LEADS, 'instructor'] },
  'students.delete': { roles: LEADS },
  'students.readAll': { roles: [...LEADS, 'clinical_coordinator'] },
  'progress.record': { roles: [...LEADS, 'instructor', 'preceptor'] },
  'hours.record': { roles: ALL },
  'attempts.log': { roles: [...LEADS, 'instructor', 'preceptor', 'student'] },
  'attempts.voidAny': { roles: [...LEADS, 'instructor', 'clinical_coordinator'] },
  'records.removeAny': { roles: LEADS },
  'signOffs.request': { roles: ['student'] },
  'signOffs.confirmOwn': { roles: STAFF },
  'signOffs.review': { roles: [...LEADS, 'instructor', 'clinical_coordinator'] },
  'dor.write': { roles: [...LEADS, 'instructor', 'preceptor'] },
  'dor.review': { roles: [...LEADS, 'instructor', 'clinical_coordinator'] },
  'dor.settings': { roles: LEADS },
  'taskBooks.start': { roles: ['student', ...LEADS, 'instructor'] },
  'taskBooks.evaluate': { roles: [...LEADS, 'instructor', 'preceptor'] },
  'taskBooks.verify': { roles: [...LEADS, 'instructor'] },
  'taskBooks.certify': { roles: LEADS },
  'instructors.create': { roles: LEADS },
  'skills.manage': { roles: LEADS },
  'sites.manage': { roles: [...LEADS, 'clinical_coordinator'] },
  'documents.upload': { roles: STAFF },
  'documents.deleteAny': { roles: LEADS },
  'documents.readAll': { roles: LEADS },
  'requests.file': { roles: ALL },
  'requests.review': { roles: [...LEADS, 'clinical_coordinator'] },
  'requests.readAll': { roles: [...LEADS, 'clinical_coordinator'] },
  'requests.delete': { roles: LEADS },
  'preceptorRequests.review': { roles: LEADS },
  'accreditation.manage': { roles: LEADS },
  'annualReport.manage': { roles: ['director', 'clinical_coordinator'] },
  'messages.send': { roles: ALL },
  'audit.read': { roles: LEADS },
  'shifts.manage': { roles: [...LEADS, 'clinical_coordinator', 'instructor'] },
  'shifts.configure': { roles: [...LEADS, 'clinical_coordinator'] },
  'shifts.book': { roles: ['student'] },
  'shifts.approveHours': { roles: [...LEADS, 'clinical_coordinator', 'instructor', 'preceptor'] },
  'credentials.record': { roles: [...LEADS, 'clinical_coordinator', 'instructor'] },
  'records.exportProgram': { roles: LEADS },
} as const satisfies Record<string, { roles: readonly Role[] }>;

export type Action = keyof typeof PERMISSIONS;

export const can = (role: Role, action: Action) => (PERMISSIONS[action].roles as readonly Role[]).includes(role);

/** Who may correct a record: whoever recorded it, or a role that may correct anyone's (server and app alike). */
const mayCorrect = (anyone: Action) => (actor: { id: string; role: Role }, record: { recordedBy: string }) =>
  record.recordedBy === actor.id || can(actor.role, anyone);
export const mayVoidAttempt = mayCorrect('attempts.voidAny');
export const mayRemoveEntry = mayCorrect('records.removeAny');

/**
 * Whether an attempt or hours entry counts as verified the moment it is recorded: staff vouch for their own entries,
 * a student's wait for a preceptor's or instructor's word (server command, device mutator and screen alike).
 */
export const verifiedOnEntry = (role: string | undefined) => role !== 'student';
