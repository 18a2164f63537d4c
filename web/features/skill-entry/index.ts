/** What other screens use of Skill Entry: the progress form (loaded when a skill is first opened). */
export { LazyProgressDialog } from './lazy-progress-dialog.tsx';
