/** What other screens use of Skill Entry: the progress form (loaded when a skill is first opened) and the link to a skill's one-tap card. */
export { LazyProgressDialog } from './lazy-progress-dialog.tsx';
export { logSkillLink } from './search-params.ts';
