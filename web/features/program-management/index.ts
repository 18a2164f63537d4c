/** What other screens use of Program Management: a program type's label. */
export { programTypeLabel } from './program-rules.ts';
