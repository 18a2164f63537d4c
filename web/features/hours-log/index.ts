export { HoursForm } from './hours-form.tsx';
