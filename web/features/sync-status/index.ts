/** The sync indicator the app shell shows. */
export { SyncIndicator } from './sync-indicator.tsx';
