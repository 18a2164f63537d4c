export { DorTracker } from './dor-tracker.tsx';
export { FieldTrainingLine } from './field-training-line.tsx';
