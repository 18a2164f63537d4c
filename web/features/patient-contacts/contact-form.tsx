/**
 * 'Log Patient Contact': a patient the student assessed, without identifiers (age, not date of birth; no names or
 * record numbers: free text warns when it looks like one), and the skills performed on them, each saved as an
 * attempt that names the contact. Written through the sync engine, so it works offline. A repeat contact is short:
 * the student's recent impression-and-complaints pairs are one tap each, and the setting and site are the last
 * contact's (the same shift).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';

import {
  ATTEMPT_OUTCOME_LABELS,
  ATTEMPT_OUTCOMES,
  ATTEMPT_SETTING_LABELS,
  ATTEMPT_SETTINGS,
  type AttemptOutcome,
  CARE_LEVEL_LABELS,
  CARE_LEVELS,
  CONTACT_DISPOSITION_LABELS,
  CONTACT_DISPOSITIONS,
  CONTACT_GENDER_LABELS,
  CONTACT_GENDERS,
} from '#schema/enums.ts';
import { CHIEF_COMPLAINTS, identifierWarning, IMPRESSIONS } from '#schema/patient-contact.ts';
import { patientContactSchema } from '#schema/patient-contact-schema.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { activeSiteOptions, useRows, useRowsWhere } from '#web/lib/data.ts';
import { DraftNote, LeaveGuard, useFormDraft } from '#web/lib/drafts.tsx';
import { CheckboxField, CheckboxGroup, SelectField, TextAreaField, TextField } from '#web/lib/ui/fields.tsx';
import { Modal } from '#web/lib/ui/modal.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { useLogContact } from '#web/lib/writes/records.ts';

type FormInput = z.input<typeof patientContactSchema> & { skills: { skillId: string; outcome: AttemptOutcome }[] };

const options = <T extends string>(values: readonly T[], labels?: Record<T, string>) =>
  values.map((v) => [v, labels?.[v] ?? v] as const);

interface ContactFormProps {
  student: { id: string; firstName: string; lastName: string };
  /** The skills of the student's level, for "skills performed". */
  skills: readonly { id: string; name: string }[];
  today: string;
  onClose: () => void;
}

type Contact = DomainRows['patientContacts'];
type Recent = { impression: string; complaints: string[] };
const MAX_RECENT = 4;

/** The student's latest distinct impression-and-complaints pairs, newest first: a repeat contact is one tap. */
function recentPairs(contacts: readonly Contact[]): Recent[] {
  const seen = new Set<string>();
  const pairs: Recent[] = [];
  for (const c of contacts) {
    const pair = { impression: c.primaryImpression, complaints: c.chiefComplaints };
    const key = JSON.stringify(pair);
    if (seen.has(key)) continue;
    seen.add(key);
    pairs.push(pair);
  }
  return pairs.slice(0, MAX_RECENT);
}

/**
 * Opens the form once the student's contacts and the sites are read: the latest contact gives the shift's setting and
 * site, which the site list must hold when the form opens to show it.
 */
export function ContactForm(props: ContactFormProps) {
  const contacts = useRowsWhere('patientContacts', 'studentId', props.student.id);
  const sites = useRows('clinicalSites');
  if (!contacts || !sites) return null;
  const newestFirst = [...contacts].sort(
    (a, b) => b.date.localeCompare(a.date) || b.createdAt.localeCompare(a.createdAt),
  );
  return (
    <ContactFields
      {...props}
      last={newestFirst[0]}
      recent={recentPairs(newestFirst)}
      sites={activeSiteOptions(sites)}
    />
  );
}

function ContactFields({
  student,
  skills,
  today,
  onClose,
  last,
  recent,
  sites,
}: ContactFormProps & { last?: Contact; recent: Recent[]; sites: (readonly [string, string])[] }) {
  const logContact = useLogContact();
  const form = useForm<FormInput>({
    resolver: zodResolver(patientContactSchema) as never,
    defaultValues: {
      studentId: student.id,
      date: today,
      setting: (last?.setting as FormInput['setting']) ?? 'clinical',
      clinicalSiteId: last?.clinicalSiteId ?? '',
      ageYears: '' as unknown as number,
      ageMonths: 0,
      gender: 'unknown',
      chiefComplaints: [],
      primaryImpression: '' as never,
      secondaryImpression: null,
      teamLead: false,
      careLevel: 'bls',
      disposition: 'transported',
      notes: '',
      skills: [],
    },
  });
  const {
    register,
    control,
    handleSubmit,
    watch,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = form;
  const draft = useFormDraft(form, `patient-contact:${student.id}`);
  const performed = useFieldArray({ control, name: 'skills' });
  const warning = identifierWarning(watch('notes'));
  // the schema's output is the contact alone; the skills performed are read from the form beside it
  const save = handleSubmit(async (contact) => {
    if (!(await logContact(contact, getValues('skills') ?? []))) return;
    await draft.clear();
    onClose();
  });
  const number = { setValueAs: (v: string) => (v === '' ? undefined : Number(v)) };
  return (
    <Modal title="Log Patient Contact" open onClose={onClose} wide>
      <p className="text-sm text-slate-700">
        {student.firstName} {student.lastName} · no names, dates of birth or record numbers
      </p>
      <LeaveGuard dirty={draft.dirty} />
      <DraftNote restored={draft.restored} onDiscard={() => void draft.discard()} />
      <form onSubmit={save} noValidate className="mt-4 grid gap-3 sm:grid-cols-2">
        <TextField label="Date" type="date" error={errors.date?.message} {...register('date')} />
        <SelectField
          label="Setting"
          error={errors.setting?.message}
          options={options(ATTEMPT_SETTINGS, ATTEMPT_SETTING_LABELS)}
          {...register('setting')}
          value={watch('setting') ?? ''}
        />
        <SelectField
          label="Site"
          placeholder="No site"
          options={sites}
          {...register('clinicalSiteId')}
          value={watch('clinicalSiteId') ?? ''}
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="Age (years)"
            type="number"
            inputMode="numeric"
            min={0}
            max={120}
            error={errors.ageYears?.message}
            {...register('ageYears', number)}
          />
          <TextField
            label="Months"
            type="number"
            inputMode="numeric"
            min={0}
            max={11}
            error={errors.ageMonths?.message}
            {...register('ageMonths', number)}
          />
        </div>
        <SelectField
          label="Gender"
          options={options(CONTACT_GENDERS, CONTACT_GENDER_LABELS)}
          {...register('gender')}
          value={watch('gender') ?? ''}
        />
        <SelectField
          label="Care level"
          options={options(CARE_LEVELS, CARE_LEVEL_LABELS)}
          {...register('careLevel')}
          value={watch('careLevel') ?? ''}
        />
        <SelectField
          label="Primary impression"
          placeholder="Choose an impression"
          error={errors.primaryImpression?.message}
          options={options(IMPRESSIONS)}
          {...register('primaryImpression')}
          value={watch('primaryImpression') ?? ''}
        />
        <SelectField
          label="Secondary impression"
          placeholder="None"
          options={options(IMPRESSIONS)}
          {...register('secondaryImpression', { setValueAs: (v: string) => v || null })}
        />
        <SelectField
          label="Disposition"
          options={options(CONTACT_DISPOSITIONS, CONTACT_DISPOSITION_LABELS)}
          {...register('disposition')}
          value={watch('disposition') ?? ''}
        />
        <CheckboxField label="The student was team lead" {...register('teamLead')} />
        {recent.length > 0 && (
          <div
            role="group"
            aria-label="Recent impressions and complaints"
            className="flex flex-wrap gap-2 sm:col-span-2"
          >
            {recent.map((r) => (
              <button
                key={`${r.impression}-${r.complaints.join()}`}
                type="button"
                className="min-h-11 rounded-full border border-slate-300 px-3 text-sm text-slate-800 hover:bg-slate-50"
                onClick={() => {
                  setValue('primaryImpression', r.impression as never, { shouldDirty: true });
                  setValue('chiefComplaints', r.complaints as never, { shouldDirty: true });
                }}
              >
                {`${r.impression} · ${r.complaints.join(', ')}`}
              </button>
            ))}
          </div>
        )}
        <div className="sm:col-span-2">
          <CheckboxGroup
            legend="Chief complaints"
            options={options(CHIEF_COMPLAINTS)}
            value={watch('chiefComplaints') ?? []}
            onChange={(v) => setValue('chiefComplaints', v as never, { shouldValidate: !!errors.chiefComplaints })}
            error={errors.chiefComplaints?.message}
          />
        </div>
        <fieldset className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3 sm:col-span-2">
          <legend className="px-1 text-sm font-medium text-slate-800">Skills performed</legend>
          {performed.fields.map((field, i) => (
            <div key={field.id} className="grid grid-cols-[1fr_auto_auto] items-end gap-2">
              <SelectField
                label={`Skill ${i + 1}`}
                placeholder="Choose a skill"
                options={skills.map((k) => [k.id, k.name] as const)}
                {...register(`skills.${i}.skillId`)}
              />
              <SelectField
                label="Outcome"
                options={options(ATTEMPT_OUTCOMES, ATTEMPT_OUTCOME_LABELS)}
                {...register(`skills.${i}.outcome`)}
              />
              <button
                type="button"
                className={buttonClass('secondary')}
                onClick={() => performed.remove(i)}
                aria-label={`Remove skill ${i + 1}`}
              >
                ×
              </button>
            </div>
          ))}
          <button
            type="button"
            className={buttonClass('secondary', 'self-start')}
            onClick={() => performed.append({ skillId: '', outcome: 'successful' })}
          >
            Add a skill performed
          </button>
        </fieldset>
        <TextAreaField label="Notes" className="sm:col-span-2" error={errors.notes?.message} {...register('notes')} />
        {warning && (
          <p role="alert" className="rounded-lg bg-amber-50 p-2 text-sm text-amber-900 sm:col-span-2">
            {warning}
          </p>
        )}
        <button type="submit" disabled={isSubmitting} className={buttonClass('primary', 'sm:col-span-2')}>
          Log Contact
        </button>
      </form>
    </Modal>
  );
}
