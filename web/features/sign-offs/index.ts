export { CosignCode } from './cosign-code.tsx';
export { signableRecords } from './sign-off-rules.ts';
export { SignatureField } from './signature-field.tsx';
