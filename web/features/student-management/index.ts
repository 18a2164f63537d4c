/** What other screens use of Student Management: the file name its exports share. */
export { exportFileName } from './student-exports.ts';
