/**
 * The one permission matrix: which roles may take each action. The server enforces it on every read and write
 * (api/permissions); the app only uses it to hide what the server would refuse. The README's table is printed from it.
 */
import type { Role } from './enums.ts';

const ALL: readonly Role[] = [
  'student',
  'instructor',
  'administration',
  'preceptor',
  'director',
  'clinical_coordinator',
];
const STAFF: readonly Role[] = ['instructor', 'administration', 'preceptor', 'director', 'clinical_coordinator'];
const LEADS: readonly Role[] = ['director', 'administration'];

const PERMISSIONS = {
  'users.create': { roles: LEADS, rule: 'Add New User' },
  'users.editOthers': {
    roles: LEADS,
    rule: "Edit another user's profile or anyone's role (others file a role-change request)",
  },
  'users.delete': {
    roles: [...LEADS, 'instructor'],
    rule: 'Delete a user; instructors may delete only instructor and preceptor accounts',
  },
  'users.readContact': {
    roles: STAFF,
    rule: "See other users' e-mail and phone (students see names, roles and whether an account is active; everyone their own)",
  },
  'staff.read': {
    roles: STAFF,
    rule: "Read staff records: instructors, site e-mail addresses, accreditation, compliance reports, other students' names at a site",
  },
  'programs.manage': { roles: LEADS, rule: 'Create, edit, delete programs; assign and remove users' },
  'students.create': { roles: [...LEADS, 'instructor'], rule: 'Add a student (instructors: into their own programs)' },
  'students.update': { roles: [...LEADS, 'instructor'], rule: 'Edit a student (instructors: of their own programs)' },
  'students.delete': { roles: LEADS, rule: 'Delete a student' },
  'students.readAll': {
    roles: [...LEADS, 'clinical_coordinator'],
    rule: "Read every student; instructors and preceptors read their programs' students, a student only their own record",
  },
  'progress.record': {
    roles: [...LEADS, 'instructor', 'preceptor'],
    rule: 'Record skill progress (instructors and preceptors: students of their programs)',
  },
  'hours.record': {
    roles: ALL,
    rule: 'Log clinical and field hours (instructors and preceptors: students of their programs; a student: their own)',
  },
  'attempts.log': {
    roles: [...LEADS, 'instructor', 'preceptor', 'student'],
    rule: 'Log a skill attempt or patient contact (staff: students of their programs; a student: their own, unverified until staff verify it)',
  },
  'attempts.voidAny': {
    roles: [...LEADS, 'instructor', 'clinical_coordinator'],
    rule: "Void anyone's skill attempt with a reason (others: only attempts they recorded)",
  },
  'records.removeAny': {
    roles: LEADS,
    rule: "Remove anyone's wrong patient contact or hours entry (others: only entries they recorded)",
  },
  'signOffs.request': {
    roles: ['student'],
    rule: "Ask a preceptor to sign off one's own records, on one's own device, offline",
  },
  'signOffs.confirmOwn': {
    roles: STAFF,
    rule: 'Confirm in the app a sign-off given in their name (the e-mail the preceptor wrote is their account)',
  },
  'signOffs.review': {
    roles: [...LEADS, 'instructor', 'clinical_coordinator'],
    rule: "Work the sign-off verification queue: accept as attested, ask again, reject; get a confirm link (their programs' students)",
  },
  'dor.write': {
    roles: [...LEADS, 'instructor', 'preceptor'],
    rule: "Write and complete a police trainee's Daily Observation Report as their FTO (their programs' trainees; a trainee writes their activity log and acknowledges)",
  },
  'dor.review': {
    roles: [...LEADS, 'instructor', 'clinical_coordinator'],
    rule: "Review a Daily Observation Report the trainee acknowledged, as supervisor (their programs' trainees; not one they completed)",
  },
  'dor.settings': { roles: LEADS, rule: "Set a police program's DOR categories and advancement rules" },
  'taskBooks.start': {
    roles: ['student', ...LEADS, 'instructor'],
    rule: "Start a fire task book (a candidate: their own; instructors: their programs' candidates)",
  },
  'taskBooks.evaluate': {
    roles: [...LEADS, 'instructor', 'preceptor'],
    rule: "Sign a JPR as evaluator (their programs' candidates; on the candidate's phone with their co-sign code)",
  },
  'taskBooks.verify': {
    roles: [...LEADS, 'instructor'],
    rule: "Verify a whole task book as final evaluator (their programs' candidates)",
  },
  'taskBooks.certify': { roles: LEADS, rule: 'Sign a verified task book as the agency certifying official' },
  'instructors.create': { roles: LEADS, rule: 'Add an instructor' },
  'skills.manage': { roles: LEADS, rule: 'Edit the skills catalogue' },
  'sites.manage': {
    roles: [...LEADS, 'clinical_coordinator'],
    rule: 'Create, edit, delete clinical sites and their e-mail addresses',
  },
  'documents.upload': { roles: STAFF, rule: 'Upload a document' },
  'documents.deleteAny': { roles: LEADS, rule: 'Delete any document (others: only their own uploads)' },
  'documents.readAll': {
    roles: LEADS,
    rule: "Read non-public documents of every program (others: public ones, their programs' and their own)",
  },
  'requests.file': { roles: ALL, rule: 'File a program-join, role-change or clinical-time request for oneself' },
  'requests.review': { roles: [...LEADS, 'clinical_coordinator'], rule: 'Approve or deny a pending request' },
  'requests.readAll': {
    roles: [...LEADS, 'clinical_coordinator'],
    rule: "Read everyone's requests (others: their own)",
  },
  'requests.delete': { roles: LEADS, rule: 'Delete a request of any status' },
  'preceptorRequests.review': { roles: LEADS, rule: 'List and review preceptor requests on the Clinical Sites screen' },
  'accreditation.manage': { roles: LEADS, rule: 'Update accreditation requirements and RAM assessments' },
  'annualReport.manage': {
    roles: ['director', 'clinical_coordinator'],
    rule: "Read a program's annual-report worksheet and cohort SMC summary; enter placements and exam results (own programs)",
  },
  'messages.send': { roles: ALL, rule: 'Send a message (read: only sender and recipient)' },
  'audit.read': { roles: LEADS, rule: 'Read the audit log' },
  'shifts.manage': {
    roles: [...LEADS, 'clinical_coordinator', 'instructor'],
    rule: "Create, edit and cancel shifts, book or drop a student, see the shift board (instructors: their programs')",
  },
  'shifts.configure': {
    roles: [...LEADS, 'clinical_coordinator'],
    rule: "Set the clock-in window of a program's shifts (coordinators: their programs')",
  },
  'shifts.book': {
    roles: ['student'],
    rule: "Book, drop or offer to swap one's own place on a shift, and clock in and out of it, offline",
  },
  'shifts.approveHours': {
    roles: [...LEADS, 'clinical_coordinator', 'instructor', 'preceptor'],
    rule: "Approve a shift's clocked hours (instructors: their programs'; preceptors: shifts they precept)",
  },
  'credentials.record': {
    roles: [...LEADS, 'clinical_coordinator', 'instructor'],
    rule: "Record a student's immunization, background check or other compliance record and its expiry",
  },
  'records.exportProgram': {
    roles: LEADS,
    rule: "Export a whole program's records as one ZIP (everyone: what the programs hold about themselves)",
  },
} as const satisfies Record<string, { roles: readonly Role[]; rule: string }>;

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

/** The matrix as a markdown table (README). */
export function permissionTable(): string {
  const head = `| Action | ${ALL.join(' | ')} |\n|---|${ALL.map(() => '---').join('|')}|`;
  const rows = Object.values(PERMISSIONS).map(
    (p) => `| ${p.rule} | ${ALL.map((r) => ((p.roles as readonly Role[]).includes(r) ? 'yes' : '')).join(' | ')} |`,
  );
  return [head, ...rows].join('\n');
}
