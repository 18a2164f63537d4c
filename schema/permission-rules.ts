/**
 * Each action of the permission matrix (schema/permissions.ts) in words, for the README's table: documentation, kept
 * out of the app's code, which needs only who may. Every action has its sentence, and only actions have one.
 */
import { ROLES } from './enums.ts';
import { type Action, can } from './permissions.ts';

const PERMISSION_RULES = {
  'users.create': 'Add New User',
  'users.editOthers': "Edit another user's profile or anyone's role (others file a role-change request)",
  'users.delete': 'Delete a user; instructors may delete only instructor and preceptor accounts',
  'users.readContact':
    "See other users' e-mail and phone (students see names, roles and whether an account is active; everyone their own)",
  'staff.read':
    "Read staff records: instructors, site e-mail addresses, accreditation, compliance reports, other students' names at a site",
  'programs.manage': 'Create, edit, delete programs; assign and remove users',
  'students.create': 'Add a student (instructors: into their own programs)',
  'students.update': 'Edit a student (instructors: of their own programs)',
  'students.delete': 'Delete a student',
  'students.readAll':
    "Read every student; instructors and preceptors read their programs' students, a student only their own record",
  'progress.record': 'Record skill progress (instructors and preceptors: students of their programs)',
  'hours.record':
    'Log clinical and field hours (instructors and preceptors: students of their programs; a student: their own)',
  'attempts.log':
    'Log a skill attempt or patient contact (staff: students of their programs; a student: their own, unverified until staff verify it)',
  'attempts.voidAny': "Void anyone's skill attempt with a reason (others: only attempts they recorded)",
  'records.removeAny': "Remove anyone's wrong patient contact or hours entry (others: only entries they recorded)",
  'signOffs.request': "Ask a preceptor to sign off one's own records, on one's own device, offline",
  'signOffs.confirmOwn':
    'Confirm in the app a sign-off given in their name (the e-mail the preceptor wrote is their account)',
  'signOffs.review':
    "Work the sign-off verification queue: accept as attested, ask again, reject; get a confirm link (their programs' students)",
  'dor.write':
    "Write and complete a police trainee's Daily Observation Report as their FTO (their programs' trainees; a trainee writes their activity log and acknowledges)",
  'dor.review':
    "Review a Daily Observation Report the trainee acknowledged, as supervisor (their programs' trainees; not one they completed)",
  'dor.settings': "Set a police program's DOR categories and advancement rules",
  'taskBooks.start': "Start a fire task book (a candidate: their own; instructors: their programs' candidates)",
  'taskBooks.evaluate':
    "Sign a JPR as evaluator (their programs' candidates; on the candidate's phone with their co-sign code)",
  'taskBooks.verify': "Verify a whole task book as final evaluator (their programs' candidates)",
  'taskBooks.certify': 'Sign a verified task book as the agency certifying official',
  'instructors.create': 'Add an instructor',
  'skills.manage': 'Edit the skills catalogue',
  'sites.manage': 'Create, edit, delete clinical sites and their e-mail addresses',
  'documents.upload': 'Upload a document',
  'documents.deleteAny': 'Delete any document (others: only their own uploads)',
  'documents.readAll':
    "Read non-public documents of every program (others: public ones, their programs' and their own)",
  'requests.file': 'File a program-join, role-change or clinical-time request for oneself',
  'requests.review': 'Approve or deny a pending request',
  'requests.readAll': "Read everyone's requests (others: their own)",
  'requests.delete': 'Delete a request of any status',
  'preceptorRequests.review': 'List and review preceptor requests on the Clinical Sites screen',
  'accreditation.manage': 'Update accreditation requirements and RAM assessments',
  'annualReport.manage':
    "Read a program's annual-report worksheet and cohort SMC summary; enter placements and exam results (own programs)",
  'messages.send': 'Send a message (read: only sender and recipient)',
  'audit.read': 'Read the audit log',
  'shifts.manage':
    "Create, edit and cancel shifts, book or drop a student, see the shift board (instructors: their programs')",
  'shifts.configure': "Set the clock-in window of a program's shifts (coordinators: their programs')",
  'shifts.book': "Book, drop or offer to swap one's own place on a shift, and clock in and out of it, offline",
  'shifts.approveHours':
    "Approve a shift's clocked hours (instructors: their programs'; preceptors: shifts they precept)",
  'credentials.record': "Record a student's immunization, background check or other compliance record and its expiry",
  'records.exportProgram':
    "Export a whole program's records as one ZIP (everyone: what the programs hold about themselves)",
} as const satisfies Record<Action, string>;

/** The matrix as a markdown table (README). */
export function permissionTable(): string {
  const head = `| Action | ${ROLES.join(' | ')} |\n|---|${ROLES.map(() => '---').join('|')}|`;
  const rows = (Object.entries(PERMISSION_RULES) as [Action, string][]).map(
    ([action, rule]) => `| ${rule} | ${ROLES.map((r) => (can(r, action) ? 'yes' : '')).join(' | ')} |`,
  );
  return [head, ...rows].join('\n');
}
