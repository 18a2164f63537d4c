/** Form fields with a visible label and the validation message under them; they take react-hook-form's register(). */
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useMemo } from 'react';

import { buttonClass, inputClass } from './styles.ts';

interface FieldProps {
  label: string;
  error?: string;
  className?: string;
}

function Field({ label, error, className = '', children }: FieldProps & { children: ReactNode }) {
  return (
    <label className={`flex flex-col gap-1 text-sm font-medium text-slate-800 ${className}`}>
      {label}
      {children}
      {error && (
        <span role="alert" className="font-normal text-red-700">
          {error}
        </span>
      )}
    </label>
  );
}

export function TextField({ label, error, className, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field label={label} error={error} className={className}>
      <input className={inputClass} aria-invalid={!!error} {...input} />
    </Field>
  );
}

export function TextAreaField({
  label,
  error,
  className,
  ...input
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field label={label} error={error} className={className}>
      <textarea rows={3} className={`${inputClass} py-2`} aria-invalid={!!error} {...input} />
    </Field>
  );
}

export function SelectField({
  label,
  error,
  className,
  options,
  placeholder,
  ...select
}: FieldProps &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: readonly (readonly [string, string])[];
    placeholder?: string;
  }) {
  // the same options draw the same elements, so React skips them: a picker of 700 students re-renders with its screen
  const items = useMemo(
    () =>
      options.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      )),
    [options],
  );
  return (
    <Field label={label} error={error} className={className}>
      <select className={inputClass} aria-invalid={!!error} {...select}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {items}
      </select>
    </Field>
  );
}

export function CheckboxField({
  label,
  className = '',
  ...input
}: { label: string; className?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className={`flex min-h-11 items-center gap-3 text-sm text-slate-800 ${className}`}>
      <input type="checkbox" className="h-5 w-5 rounded border-slate-400" {...input} />
      {label}
    </label>
  );
}

/** A group of checkboxes for a list value (program types, specialties). */
export function CheckboxGroup({
  legend,
  options,
  value,
  onChange,
  error,
}: {
  legend: string;
  options: readonly (readonly [string, string])[];
  value: string[];
  onChange: (v: string[]) => void;
  error?: string;
}) {
  const toggle = (v: string) => onChange(value.includes(v) ? value.filter((x) => x !== v) : [...value, v]);
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="flex flex-wrap gap-x-4">
        {options.map(([v, text]) => (
          <CheckboxField key={v} label={text} checked={value.includes(v)} onChange={() => toggle(v)} />
        ))}
      </div>
      {error && (
        <span role="alert" className="text-sm text-red-700">
          {error}
        </span>
      )}
    </fieldset>
  );
}

/** The "×" at the end of a row of a list editor: `label` names the row for screen readers ("Remove category 2"). */
export function RemoveRowButton({
  label,
  onRemove,
  padding,
}: {
  label: string;
  onRemove: () => void;
  padding: string;
}) {
  return (
    <button type="button" className={buttonClass('secondary', padding)} aria-label={label} onClick={onRemove}>
      ×
    </button>
  );
}
