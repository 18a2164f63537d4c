/** The landing page the app shell shows before sign-in. */
export { Landing } from './landing.tsx';
