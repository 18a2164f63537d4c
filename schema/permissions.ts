/**
 * The one permission matrix: which roles may take each action. The server enforces it on every read and write
 * (api/permissions); the app only uses it to hide what the server would refuse. Each action in words, and the
 * README's table printed from them, are in permission-rules.ts, which the app does not load.
 */
import { type Role, ROLES } from './enums.ts';

const ALL: readonly Role[] = ROLES;
const STAFF: readonly Role[] = ['instructor', 'administration', 'preceptor', 'director', 'clinical_coordinator'];
const LEADS: readonly Role[] = ['director', 'administration'];

/** Each action and the roles that may take it. */
const PERMISSIONS = {
  'users.create': LEADS,
  'users.editOthers': LEADS,
  'users.delete': [...LEADS, 'instructor'],
  'users.readContact': STAFF,
  'staff.read': STAFF,
  'programs.manage': LEADS,
  'students.create': [...LEADS, 'instructor'],
  'students.update': [...LEADS, 'instructor'],
  'students.delete': LEADS,
  'students.readAll': [...LEADS, 'clinical_coordinator'],
  'progress.record': [...LEADS, 'instructor', 'preceptor'],
  'hours.record': ALL,
  'attempts.log': [...LEADS, 'instructor', 'preceptor', 'student'],
  'attempts.voidAny': [...LEADS, 'instructor', 'clinical_coordinator'],
  'records.removeAny': LEADS,
  'signOffs.request': ['student'],
  'signOffs.confirmOwn': STAFF,
  'signOffs.review': [...LEADS, 'instructor', 'clinical_coordinator'],
  'dor.write': [...LEADS, 'instructor', 'preceptor'],
  'dor.review': [...LEADS, 'instructor', 'clinical_coordinator'],
  'dor.settings': LEADS,
  'taskBooks.start': ['student', ...LEADS, 'instructor'],
  'taskBooks.evaluate': [...LEADS, 'instructor', 'preceptor'],
  'taskBooks.verify': [...LEADS, 'instructor'],
  'taskBooks.certify': LEADS,
  'instructors.create': LEADS,
  'skills.manage': LEADS,
  'sites.manage': [...LEADS, 'clinical_coordinator'],
  'documents.upload': STAFF,
  'documents.deleteAny': LEADS,
  'documents.readAll': LEADS,
  'requests.file': ALL,
  'requests.review': [...LEADS, 'clinical_coordinator'],
  'requests.readAll': [...LEADS, 'clinical_coordinator'],
  'requests.delete': LEADS,
  'preceptorRequests.review': LEADS,
  'accreditation.manage': LEADS,
  'annualReport.manage': ['director', 'clinical_coordinator'],
  'messages.send': ALL,
  'audit.read': LEADS,
  'shifts.manage': [...LEADS, 'clinical_coordinator', 'instructor'],
  'shifts.configure': [...LEADS, 'clinical_coordinator'],
  'shifts.book': ['student'],
  'shifts.approveHours': [...LEADS, 'clinical_coordinator', 'instructor', 'preceptor'],
  'credentials.record': [...LEADS, 'clinical_coordinator', 'instructor'],
  'records.exportProgram': LEADS,
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof PERMISSIONS;

export const can = (role: Role, action: Action) => (PERMISSIONS[action] as readonly Role[]).includes(role);

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
