import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';

import {
  DEPARTMENTS,
  INSTRUCTOR_CERTIFICATIONS,
  PROGRAM_TYPE_LABELS,
  PROGRAM_TYPES,
  type ProgramType,
} from '#schema/enums.ts';
import { type InstructorCreate, instructorCreateSchema } from '#schema/instructor.ts';
import { CheckboxField, CheckboxGroup, SelectField, TextAreaField, TextField } from '#web/lib/ui/fields.tsx';
import { buttonClass, inputClass } from '#web/lib/ui/styles.ts';

import type { InstructorView } from './instructor-view.ts';

export interface InstructorFormFields {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  employeeId: string;
  title: string;
  department: string;
  hireDate: string;
  programTypes: ProgramType[];
  certifications: string[];
  specialties: string[];
  experience: string;
  education: string;
  notes: string;
  isActive: boolean;
  isPreceptor: boolean;
}

/** New instructors start active and not preceptors (spec section 5). */
export const EMPTY_INSTRUCTOR: InstructorFormFields = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  employeeId: '',
  title: '',
  department: '',
  hireDate: '',
  programTypes: [],
  certifications: [],
  specialties: [],
  experience: '',
  education: '',
  notes: '',
  isActive: true,
  isPreceptor: false,
};

const isProgramType = (v: string): v is ProgramType => (PROGRAM_TYPES as readonly string[]).includes(v);

export function instructorFormValues(i: InstructorView): InstructorFormFields {
  return {
    firstName: i.firstName,
    lastName: i.lastName,
    email: i.email,
    phone: i.phone,
    employeeId: i.employeeId,
    title: i.title,
    department: i.department,
    hireDate: i.hireDate,
    programTypes: i.programTypes.filter(isProgramType),
    certifications: i.certifications,
    specialties: i.specialties,
    experience: i.experience ?? '',
    education: i.education ?? '',
    notes: i.notes ?? '',
    isActive: i.isActive,
    isPreceptor: i.isPreceptor,
  };
}

const PROGRAM_OPTIONS = PROGRAM_TYPES.map((p) => [p, PROGRAM_TYPE_LABELS[p]] as const);
const DEPARTMENT_OPTIONS = DEPARTMENTS.map((d) => [d, d] as const);
const KNOWN_CERTIFICATIONS = new Set(Object.values(INSTRUCTOR_CERTIFICATIONS).flat());

/** The form starts with no department chosen (''), which the schema refuses with its message; otherwise the types agree. */
const resolver = zodResolver(instructorCreateSchema) as unknown as Resolver<
  InstructorFormFields,
  unknown,
  InstructorCreate
>;

/** Server answers name the fields they refuse (e.g. an e-mail already in use); they show under those fields. */
export type FieldErrorsFromServer = Record<string, string>;

/**
 * The Add and Edit instructor form, validated by the shared instructor schema. `onSubmit` answers the server's field
 * errors (shown under the fields), or nothing when the save went through. Only managers change the active and
 * preceptor flags (the preceptor flag is a role), so for others those stay read-only.
 */
export function InstructorForm({
  defaultValues,
  submitLabel,
  canManage,
  onSubmit,
  onCancel,
}: {
  defaultValues: InstructorFormFields;
  submitLabel: string;
  canManage: boolean;
  onSubmit: (values: InstructorCreate) => Promise<FieldErrorsFromServer | undefined>;
  onCancel: () => void;
}) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<InstructorFormFields, unknown, InstructorCreate>({
    resolver,
    defaultValues,
  });
  const submit = handleSubmit(async (values) => {
    const fields = await onSubmit(values);
    for (const [name, message] of Object.entries(fields ?? {})) {
      if (name in defaultValues) setError(name as keyof InstructorFormFields, { type: 'server', message });
    }
  });
  const programTypes = watch('programTypes');
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
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
      <TextField
        label="Employee ID"
        autoComplete="off"
        error={errors.employeeId?.message}
        {...register('employeeId')}
      />
      <TextField label="Job Title" autoComplete="off" error={errors.title?.message} {...register('title')} />
      <SelectField
        label="Department"
        placeholder="Select a department"
        options={DEPARTMENT_OPTIONS}
        error={errors.department?.message}
        {...register('department')}
      />
      <TextField label="Hire Date" type="date" error={errors.hireDate?.message} {...register('hireDate')} />
      <div className="sm:col-span-2">
        <Controller
          control={control}
          name="programTypes"
          render={({ field }) => (
            <CheckboxGroup
              legend="Program Types"
              options={PROGRAM_OPTIONS}
              value={field.value}
              onChange={(v) => field.onChange(v.filter(isProgramType))}
              error={errors.programTypes?.message}
            />
          )}
        />
      </div>
      <div className="sm:col-span-2">
        <Controller
          control={control}
          name="certifications"
          render={({ field }) => (
            <CertificationPicker programTypes={programTypes} value={field.value} onChange={field.onChange} />
          )}
        />
      </div>
      <div className="sm:col-span-2">
        <Controller
          control={control}
          name="specialties"
          render={({ field }) => (
            <ListInput
              label="Specialties (optional)"
              addLabel="Add specialty"
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
      </div>
      <TextField
        label="Experience (optional)"
        placeholder="e.g. 10 years"
        error={errors.experience?.message}
        {...register('experience')}
      />
      <TextField label="Education (optional)" error={errors.education?.message} {...register('education')} />
      <TextAreaField
        label="Notes (optional)"
        className="sm:col-span-2"
        error={errors.notes?.message}
        {...register('notes')}
      />
      <CheckboxField label="Active" disabled={!canManage} {...register('isActive')} />
      <CheckboxField label="Preceptor" disabled={!canManage} {...register('isPreceptor')} />
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

/**
 * Certifications offered for the chosen program types; ones already held stay listed (under their program, or
 * under Other when they are not in the catalogue) so they can be seen and removed.
 */
function CertificationPicker({
  programTypes,
  value,
  onChange,
}: {
  programTypes: readonly string[];
  value: string[];
  onChange: (v: string[]) => void;
}) {
  const groups = PROGRAM_TYPES.filter(
    (p) => programTypes.includes(p) || INSTRUCTOR_CERTIFICATIONS[p].some((c) => value.includes(c)),
  );
  const other = value.filter((c) => !KNOWN_CERTIFICATIONS.has(c));
  // each group edits only its own options and keeps the rest of the list as it is
  const setGroup = (options: readonly string[]) => (chosen: string[]) =>
    onChange([...value.filter((c) => !options.includes(c)), ...chosen]);
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-medium text-slate-800">Certifications (optional)</p>
      {groups.length === 0 && other.length === 0 && (
        <p className="text-sm text-slate-600">Choose a program type to pick its certifications.</p>
      )}
      {groups.map((p) => (
        <CheckboxGroup
          key={p}
          legend={`${PROGRAM_TYPE_LABELS[p]} certifications`}
          options={INSTRUCTOR_CERTIFICATIONS[p].map((c) => [c, c] as const)}
          value={value.filter((c) => INSTRUCTOR_CERTIFICATIONS[p].includes(c))}
          onChange={setGroup(INSTRUCTOR_CERTIFICATIONS[p])}
        />
      ))}
      {other.length > 0 && (
        <CheckboxGroup
          legend="Other certifications"
          options={other.map((c) => [c, c] as const)}
          value={other}
          onChange={setGroup(other)}
        />
      )}
    </div>
  );
}

/** A free-text list: type an entry, add it, remove entries. */
function ListInput({
  label,
  addLabel,
  value,
  onChange,
}: {
  label: string;
  addLabel: string;
  value: string[];
  onChange: (v: string[]) => void;
}) {
  const [draft, setDraft] = useState('');
  const add = () => {
    const entry = draft.trim();
    if (entry && !value.includes(entry)) onChange([...value, entry]);
    setDraft('');
  };
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-end gap-2">
        <label className="flex flex-1 flex-col gap-1 text-sm font-medium text-slate-800">
          {label}
          <input
            className={inputClass}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
          />
        </label>
        <button type="button" className={buttonClass('secondary', 'shrink-0')} onClick={add}>
          {addLabel}
        </button>
      </div>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {value.map((entry) => (
            <li key={entry} className="flex items-center gap-1 rounded-full bg-slate-100 pl-3 text-sm text-slate-800">
              {entry}
              <button
                type="button"
                aria-label={`Remove ${entry}`}
                className="min-h-11 min-w-11 rounded-full text-lg leading-none text-slate-600 hover:bg-slate-200"
                onClick={() => onChange(value.filter((v) => v !== entry))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
