/** What Skill Entry uses of the EMS tracker: its students, a skill's domain and status, and the status badge. */
export { studentOptionLabel, useEmsStudents } from './ems-students.ts';
export { domainOf, statusOf } from './matrix.ts';
export { StatusBadge } from './status-badge.tsx';
