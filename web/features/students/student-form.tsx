import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';

import { CERTIFICATION_LEVEL_LABELS, EMS_LEVELS, type EmsLevel } from '#schema/enums.ts';
import { compareText } from '#schema/names.ts';
import type { studentCreateSchema, studentUpdateSchema } from '#schema/student.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { fullName } from '#web/lib/format.ts';
import { SelectField, TextAreaField, TextField } from '#web/lib/ui/fields.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

/** What the student form edits; the rest of a student record (GPA, graduation) is managed elsewhere. */
export interface StudentFormFields {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  studentId: string;
  programId: string;
  emsCertificationLevel: EmsLevel;
  enrollmentDate: string;
  expectedGraduation: string;
  address: string;
  emergencyContact: string;
  emergencyPhone: string;
  /** The student account that sees this record ('' for none): staff choose it, it is never matched by e-mail. */
  userId: string;
}

export const EMPTY_STUDENT: StudentFormFields = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  studentId: '',
  programId: '',
  emsCertificationLevel: 'emt',
  enrollmentDate: '',
  expectedGraduation: '',
  address: '',
  emergencyContact: '',
  emergencyPhone: '',
  userId: '',
};

export function studentFormValues(s: DomainRows['students']): StudentFormFields {
  return {
    firstName: s.firstName,
    lastName: s.lastName,
    email: s.email,
    phone: s.phone,
    studentId: s.studentId,
    programId: s.programId,
    emsCertificationLevel: (EMS_LEVELS as readonly string[]).includes(s.emsCertificationLevel)
      ? (s.emsCertificationLevel as EmsLevel)
      : 'emt',
    enrollmentDate: s.enrollmentDate,
    expectedGraduation: s.expectedGraduation,
    address: s.address ?? '',
    emergencyContact: s.emergencyContact ?? '',
    emergencyPhone: s.emergencyPhone ?? '',
    userId: s.userId ?? '',
  };
}

/**
 * The shared schema as the form's resolver. The form holds every field as text, which both schemas accept; their
 * declared input types (nullable optionals, a partial for updates) differ only in ways text fields never reach.
 */
export const studentResolver = <S extends typeof studentCreateSchema | typeof studentUpdateSchema>(schema: S) =>
  zodResolver(schema) as unknown as Resolver<StudentFormFields, unknown, z.output<S>>;

const LEVEL_OPTIONS = EMS_LEVELS.map((l) => [l, CERTIFICATION_LEVEL_LABELS[l]] as const);

/** The student accounts a record can be linked to, by name, with the e-mail staff see to tell namesakes apart. */
export function studentAccounts(users: readonly DomainRows['users'][]): [string, string][] {
  return users
    .filter((u) => u.role === 'student')
    .sort((a, b) => compareText(fullName(a), fullName(b)))
    .map((u) => [u.id, u.email ? `${fullName(u)} (${u.email})` : fullName(u)]);
}

/**
 * The Add and Edit student form. The resolver is the shared zod schema (create or update), so its messages are the
 * spec's; `onSubmit` answers whether the save went through, and the dialog closes only then.
 */
export function StudentForm<Out extends FieldValues>({
  resolver,
  defaultValues,
  programs,
  accounts,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  resolver: Resolver<StudentFormFields, unknown, Out>;
  defaultValues: StudentFormFields;
  programs: readonly { id: string; name: string; type: string }[];
  /** Student accounts the record can be linked to, as [id, label]. */
  accounts: readonly (readonly [string, string])[];
  submitLabel: string;
  onSubmit: (values: Out) => Promise<unknown>;
  onCancel: () => void;
}) {
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<StudentFormFields, unknown, Out>({ resolver, defaultValues });
  const program = programs.find((p) => p.id === watch('programId'));
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-3 sm:grid-cols-2">
      <TextField label="First Name" autoComplete="off" error={errors.firstName?.message} {...register('firstName')} />
      <TextField label="Last Name" autoComplete="off" error={errors.lastName?.message} {...register('lastName')} />
      <TextField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="off"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField label="Phone" type="tel" autoComplete="off" error={errors.phone?.message} {...register('phone')} />
      <TextField label="Student ID" autoComplete="off" error={errors.studentId?.message} {...register('studentId')} />
      <SelectField
        label="Program"
        placeholder="Select a program"
        options={programs.map((p) => [p.id, p.name] as const)}
        error={errors.programId?.message}
        {...register('programId')}
      />
      {/* EMS students carry their own certification level; other programs train to the program's level */}
      {program?.type === 'ems' && (
        <SelectField
          label="EMS Certification Level"
          options={LEVEL_OPTIONS}
          error={errors.emsCertificationLevel?.message}
          className="sm:col-span-2"
          {...register('emsCertificationLevel')}
        />
      )}
      <TextField
        label="Enrollment Date"
        type="date"
        error={errors.enrollmentDate?.message}
        {...register('enrollmentDate')}
      />
      <TextField
        label="Expected Graduation"
        type="date"
        error={errors.expectedGraduation?.message}
        {...register('expectedGraduation')}
      />
      <SelectField
        label="Student Account (optional)"
        placeholder="No account"
        options={accounts}
        className="sm:col-span-2"
        error={errors.userId?.message}
        {...register('userId')}
      />
      <TextAreaField
        label="Address (optional)"
        className="sm:col-span-2"
        error={errors.address?.message}
        {...register('address')}
      />
      <TextField
        label="Emergency Contact (optional)"
        autoComplete="off"
        error={errors.emergencyContact?.message}
        {...register('emergencyContact')}
      />
      <TextField
        label="Emergency Phone (optional)"
        type="tel"
        autoComplete="off"
        error={errors.emergencyPhone?.message}
        {...register('emergencyPhone')}
      />
      <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
        <button type="button" className={buttonClass('secondary')} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={buttonClass('primary')} disabled={isSubmitting}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
