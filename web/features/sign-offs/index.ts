import { lazyPart } from '#web/lib/ui/lazy-part.tsx';

export { signableRecords } from './sign-off-rules.ts';

/*
 * The co-sign code and the signature pad load when a screen shows them: a student's home reads the sign-off rules
 * through this file, and on a phone's first visit it would otherwise load and run the one-time-password library and
 * the signature pad (40 KB) it never shows (docs/PERFORMANCE.md, issue 32's fifth stop).
 */
export const CosignCode = lazyPart(
  () => import('./cosign-code.tsx'),
  (m) => m.CosignCode,
  'Your co-sign code',
);
export const SignatureField = lazyPart(
  () => import('./signature-field.tsx'),
  (m) => m.SignatureField,
  'The signature field',
);
/** The signature pad, or the signer's full name typed instead (the EMS sign-off's choice; the DOR's steps use it). */
export const SignatureChoice = lazyPart(
  () => import('./signature-choice.tsx'),
  (m) => m.SignatureChoice,
  'The signature field',
);
