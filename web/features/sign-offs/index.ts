export { signableRecords } from './sign-off-rules.ts';
