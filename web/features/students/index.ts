/** What other screens use of Students: the details dialog, the changed-fields rule and the delete button's label. */
export { changedFields } from './changed-fields.ts';
export { DELETE_BUTTON } from './student-card.tsx';
export { StudentDetailsDialog } from './student-details.tsx';
