export { DorTracker } from './dor-tracker.tsx';
