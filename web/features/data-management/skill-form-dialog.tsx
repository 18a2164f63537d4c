import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, useForm } from 'react-hook-form';
import type { z } from 'zod';

import {
  CONFIDENCE_LEVELS,
  LEVELS_BY_PROGRAM_TYPE,
  PROGRAM_TYPE_LABELS,
  PROGRAM_TYPES,
  type ProgramType,
} from '#schema/enums.ts';
import { levelName } from '#schema/names.ts';
import { skillSchema } from '#schema/skill.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { toNumber } from '#web/lib/form-values.ts';
import { confidenceDisplay } from '#web/lib/format.ts';
import { SelectField, TextAreaField, TextField } from '#web/lib/ui/fields.tsx';
import { Modal } from '#web/lib/ui/modal.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { showFieldErrors, type WriteResult } from '#web/lib/write.ts';

type Skill = DomainRows['skills'];

/**
 * The fields this form edits. An edit sends only these, so the catalogue's other details (SMC matrix numbers,
 * simulation flag) are never overwritten with blanks.
 */
const skillFormSchema = skillSchema.pick({
  name: true,
  category: true,
  programType: true,
  certificationLevel: true,
  description: true,
  standardReference: true,
  source: true,
  confidence: true,
  minimumAttempts: true,
  clinicalHoursRequired: true,
  fieldHoursRequired: true,
});
type FormInput = z.input<typeof skillFormSchema>;
export type SkillFormValues = z.output<typeof skillFormSchema>;

const TYPE_OPTIONS = PROGRAM_TYPES.map((t) => [t, PROGRAM_TYPE_LABELS[t]] as const);
const CONFIDENCE_OPTIONS = CONFIDENCE_LEVELS.map((c) => [c, confidenceDisplay(c).label] as const);
/** Hours are optional: an empty box means no requirement. */
const toOptionalNumber = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

function initialValues(skill?: Skill): DefaultValues<FormInput> {
  return {
    name: skill?.name ?? '',
    category: skill?.category ?? '',
    programType: (skill?.programType ?? '') as ProgramType,
    certificationLevel: (skill?.certificationLevel ?? '') as FormInput['certificationLevel'],
    description: skill?.description ?? '',
    standardReference: skill?.standardReference ?? '',
    source: skill?.source ?? '',
    confidence: (skill?.confidence ?? 'uncertain') as FormInput['confidence'],
    minimumAttempts: skill?.minimumAttempts ?? 1,
    clinicalHoursRequired: skill?.clinicalHoursRequired ?? null,
    fieldHoursRequired: skill?.fieldHoursRequired ?? null,
  };
}

/** Add Skill, or Edit Skill when `skill` is given. */
export function SkillFormDialog({
  skill,
  onClose,
  onSave,
}: {
  skill?: Skill;
  onClose: () => void;
  onSave: (values: SkillFormValues) => Promise<WriteResult<unknown>>;
}) {
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, SkillFormValues>({
    resolver: zodResolver(skillFormSchema),
    defaultValues: initialValues(skill),
  });
  const submit = handleSubmit(async (values) => {
    const result = await onSave(values);
    if (result.ok) {
      onClose();
      return;
    }
    showFieldErrors(setError, result.fields);
  });
  const programType = watch('programType') as ProgramType | '';
  const levels = programType ? LEVELS_BY_PROGRAM_TYPE[programType] : [];
  // an item stored at a level outside its type's usual ones stays selectable
  const current =
    skill && !levels.some((l) => l === skill.certificationLevel) && skill.programType === programType
      ? [skill.certificationLevel]
      : [];
  const levelOptions = [...levels, ...current].map((l) => [l, levelName(l)] as const);

  return (
    <Modal title={skill ? 'Edit Skill' : 'Add Skill'} open onClose={onClose} wide>
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
        <TextField label="Skill Name" className="sm:col-span-2" error={errors.name?.message} {...register('name')} />
        <TextField label="Category" error={errors.category?.message} {...register('category')} />
        {/* levels belong to a program type, so a new type starts without one; react-hook-form does not always hand a
            select in the dialog its starting value, so the selects carry it themselves */}
        <SelectField
          label="Program Type"
          placeholder="Select a type"
          options={TYPE_OPTIONS}
          defaultValue={skill?.programType ?? ''}
          error={errors.programType?.message}
          {...register('programType', {
            onChange: () => setValue('certificationLevel', '' as FormInput['certificationLevel']),
          })}
        />
        <SelectField
          label="Certification Level"
          placeholder={programType ? 'Select a level' : 'Choose a program type first'}
          options={levelOptions}
          defaultValue={skill?.certificationLevel ?? ''}
          error={errors.certificationLevel?.message}
          {...register('certificationLevel')}
        />
        <TextField
          label="Standard Reference"
          error={errors.standardReference?.message}
          {...register('standardReference')}
        />
        <TextAreaField
          label="Description"
          className="sm:col-span-2"
          error={errors.description?.message}
          {...register('description')}
        />
        <TextAreaField
          label="Source"
          className="sm:col-span-2"
          error={errors.source?.message}
          {...register('source')}
        />
        <SelectField
          label="Confidence"
          options={CONFIDENCE_OPTIONS}
          defaultValue={skill?.confidence ?? 'uncertain'}
          error={errors.confidence?.message}
          {...register('confidence')}
        />
        <TextField
          label="Minimum Attempts"
          type="number"
          inputMode="numeric"
          min={1}
          error={errors.minimumAttempts?.message}
          {...register('minimumAttempts', { setValueAs: toNumber })}
        />
        <TextField
          label="Clinical Hours Required"
          type="number"
          inputMode="decimal"
          min={0}
          error={errors.clinicalHoursRequired?.message}
          {...register('clinicalHoursRequired', { setValueAs: toOptionalNumber })}
        />
        <TextField
          label="Field Hours Required"
          type="number"
          inputMode="decimal"
          min={0}
          error={errors.fieldHoursRequired?.message}
          {...register('fieldHoursRequired', { setValueAs: toOptionalNumber })}
        />
        <div className="flex justify-end gap-2 sm:col-span-2">
          <button type="button" className={buttonClass('secondary')} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={buttonClass()} disabled={isSubmitting}>
            {skill ? 'Save Changes' : 'Add Skill'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
