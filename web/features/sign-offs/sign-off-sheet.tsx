import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { ERR, MSG } from '#schema/messages.ts';
import { AFFECTIVE_ITEMS, ATTESTATION, isOneOf, PRECEPTOR_CREDENTIALS, sameName } from '#schema/sign-off.ts';
import { cosignCodeSchema, preceptorSchema, type SignOffArgs } from '#schema/sign-off-schema.ts';
import { DraftNote, LeaveGuard, useFormDraft } from '#web/lib/drafts.tsx';
import { formatDate, plural } from '#web/lib/format.ts';
import { EmptyState } from '#web/lib/ui/display.tsx';
import { SelectField, TextField } from '#web/lib/ui/fields.tsx';
import { Modal } from '#web/lib/ui/modal.tsx';
import { buttonClass, inputClass } from '#web/lib/ui/styles.ts';

import type { SignOffInput } from './device-chain.ts';
import { type Preceptor, preceptorLabel, useRememberedPreceptors } from './remembered-preceptors.ts';
import { NOT_RATED, preselectedIds, RATING_WORDS, type SignableRecord } from './sign-off-rules.ts';
import { SignatureChoice } from './signature-choice.tsx';

const formSchema = z.object({
  preceptor: preceptorSchema,
  attested: z.literal(true, { error: MSG.attestationRequired }),
  evaluation: z.record(z.string(), z.string()),
  teamLeadScores: z.record(z.string(), z.string()),
  cosignCode: z.union([z.literal(''), cosignCodeSchema]),
});
type FormInput = z.input<typeof formSchema>;
type FormValues = z.output<typeof formSchema>;
const DRAFT_OMITS = ['attested', 'cosignCode'];

const RATINGS = [
  ['', NOT_RATED],
  ['0', '0'],
  ['1', '1'],
  ['2', '2'],
] as const;

/** The selects' '0' / '1' / '2' as scores; N/A is left out. */
const scores = (values: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(values)
      .filter(([, v]) => v !== '')
      .map(([k, v]) => [k, Number(v) as 0 | 1 | 2]),
  );

/** The student picks the records of a shift; the latest day's are picked to start with. */
function ChooseRecords({
  records,
  chosen,
  onToggle,
  onNext,
}: {
  records: readonly SignableRecord[];
  chosen: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onNext: () => void;
}) {
  const days = [...new Set(records.map((r) => r.date))];
  if (records.length === 0) {
    return <EmptyState title="Nothing to sign" text="Every record you logged is signed or awaiting confirmation." />;
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-700">Choose the records of the shift your preceptor will sign.</p>
      {days.map((day) => (
        <fieldset key={day} className="rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold text-slate-900">{formatDate(day)}</legend>
          {records
            .filter((r) => r.date === day)
            .map((r) => (
              <label key={r.id} className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
                <input type="checkbox" className="size-5" checked={chosen.has(r.id)} onChange={() => onToggle(r.id)} />
                {r.label}
              </label>
            ))}
        </fieldset>
      ))}
      <button type="button" className={buttonClass()} disabled={chosen.size === 0} onClick={onNext}>
        Ask preceptor to sign ({chosen.size})
      </button>
    </div>
  );
}

/** What the preceptor reads before signing: exactly the chosen records. */
function Summary({ records }: { records: readonly SignableRecord[] }) {
  return (
    <section aria-label="What is being signed" className="rounded-lg bg-slate-50 p-3 text-sm">
      <p className="font-semibold text-slate-900">You are signing {plural(records.length, 'record')}:</p>
      <ul className="mt-1 list-disc pl-5 text-slate-800">
        {records.map((r) => (
          <li key={r.id}>
            {formatDate(r.date)}: {r.label}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The preceptor's part, on the student's phone: who they are, the attestation, scores and a signature. */
function PreceptorForm({
  records,
  teamLeadContacts,
  ownContacts,
  onBack,
  onSign,
  remembered,
}: {
  records: readonly SignableRecord[];
  teamLeadContacts: readonly SignableRecord[];
  /** The student's and this account's e-mails and phones: the preceptor's contact may be none of them. */
  ownContacts: readonly (string | null | undefined)[];
  onBack: () => void;
  /** True once the sign-off is saved on the device. */
  onSign: (input: Omit<SignOffInput, 'records'>) => Promise<boolean>;
  /** Preceptors who signed on this phone before, newest first. */
  remembered: readonly Preceptor[];
}) {
  const [signature, setSignature] = useState<SignOffArgs['signature'] | null>(null);
  const [signatureError, setSignatureError] = useState<string>();
  const onSignature = useCallback((s: SignOffArgs['signature'] | null) => {
    setSignature(s);
    if (s) setSignatureError(undefined);
  }, []);
  const form = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { preceptor: { credential: undefined }, evaluation: {}, teamLeadScores: {}, cosignCode: '' },
  });
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = form;
  // the attestation is given in the moment and a co-sign code lasts seconds: a draft keeps neither
  const draft = useFormDraft(form, 'sign-off', DRAFT_OMITS);
  const submit = handleSubmit(
    async (values) => {
      if (isOneOf(values.preceptor.contact, ownContacts)) {
        return setError('preceptor.contact', { message: ERR.ownSignOff }, { shouldFocus: true });
      }
      if (!signature) return setSignatureError(MSG.signatureRequired);
      if (signature.kind === 'typed' && !sameName(signature.name, values.preceptor.name)) {
        return setSignatureError(MSG.typedSignatureMismatch);
      }
      const saved = await onSign({
        preceptor: values.preceptor,
        evaluation: scores(values.evaluation),
        teamLeadScores: scores(values.teamLeadScores),
        signature,
        cosignCode: values.cosignCode || undefined,
      } as Omit<SignOffInput, 'records'>);
      if (saved) await draft.clear();
    },
    () => setSignatureError(signature ? undefined : MSG.signatureRequired),
  );
  const p = errors.preceptor;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <p className="rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-900">
        Hand the phone to your preceptor. Nothing here needs a signal.
      </p>
      <Summary records={records} />
      <LeaveGuard dirty={draft.dirty} />
      <DraftNote restored={draft.restored} onDiscard={() => void draft.discard()} />
      {remembered.length > 0 && (
        <div role="group" aria-label="Signed on this phone before" className="flex flex-col gap-2">
          <p className="text-sm font-medium text-slate-800">Signed on this phone before? Tap your name:</p>
          {remembered.map((p) => (
            <button
              key={`${p.name}-${p.contact}`}
              type="button"
              className={buttonClass('secondary', 'justify-start text-left')}
              onClick={() => setValue('preceptor', p, { shouldValidate: !!errors.preceptor })}
            >
              {preceptorLabel(p)}
            </button>
          ))}
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Preceptor name"
          autoComplete="name"
          error={p?.name?.message}
          {...register('preceptor.name')}
        />
        <SelectField
          label="Credential"
          placeholder="Choose"
          options={PRECEPTOR_CREDENTIALS.map((c) => [c, c] as const)}
          defaultValue=""
          error={p?.credential?.message}
          {...register('preceptor.credential')}
        />
        <TextField
          label="Credential number"
          placeholder="e.g. NRP 123456"
          error={p?.number?.message}
          {...register('preceptor.number')}
        />
        <TextField label="Agency" error={p?.agency?.message} {...register('preceptor.agency')} />
        <TextField
          label="E-mail or phone for confirmation"
          className="sm:col-span-2"
          inputMode="email"
          error={p?.contact?.message}
          {...register('preceptor.contact')}
        />
        <div className="flex flex-col gap-1 sm:col-span-2">
          <TextField
            label="Co-sign code (optional)"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={errors.cosignCode?.message}
            {...register('cosignCode')}
          />
          <p className="text-xs text-slate-600">
            Preceptors with an account: the six digits on your phone&apos;s Sign-offs screen, with the e-mail you sign
            in with above. The sign-off is then verified without a confirmation e-mail.
          </p>
        </div>
      </div>
      {teamLeadContacts.length > 0 && (
        <fieldset className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold text-slate-900">Team-lead performance (0, 1 or 2)</legend>
          {teamLeadContacts.map((c) => (
            <label key={c.id} className="grid grid-cols-[1fr_5rem] items-center gap-2 text-sm">
              {c.label}
              <select className={inputClass} {...register(`teamLeadScores.${c.id}`)}>
                {RATINGS.map(([v, l]) => (
                  <option key={v} value={v}>
                    {l}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </fieldset>
      )}
      <details className="rounded-lg border border-slate-200 p-3">
        <summary className="cursor-pointer text-sm font-semibold text-slate-900">
          Professional behaviour (optional): 0 {RATING_WORDS[0]}, 1 {RATING_WORDS[1]}, 2 {RATING_WORDS[2]}
        </summary>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {AFFECTIVE_ITEMS.map((item) => (
            <label key={item} className="grid grid-cols-[1fr_5rem] items-center gap-2 text-sm">
              {item}
              <select className={inputClass} {...register(`evaluation.${item}`)}>
                {RATINGS.map(([v, l]) => (
                  <option key={v} value={v}>
                    {l}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
      </details>
      <label className="flex items-start gap-3 text-sm text-slate-800">
        <input type="checkbox" className="mt-0.5 size-5 shrink-0" {...register('attested')} />
        {ATTESTATION}
      </label>
      {errors.attested && (
        <p role="alert" className="text-sm text-red-700">
          {MSG.attestationRequired}
        </p>
      )}
      <SignatureChoice onChange={onSignature} error={signatureError} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <button type="button" className={buttonClass('secondary')} onClick={onBack}>
          Back
        </button>
        <button type="submit" className={buttonClass()} disabled={isSubmitting}>
          Sign
        </button>
      </div>
    </form>
  );
}

/** Ask preceptor to sign: choose the shift's records, then the preceptor signs on this phone, offline. */
export function SignOffSheet({
  records,
  ownContacts,
  onSubmit,
  onClose,
}: {
  records: readonly SignableRecord[];
  ownContacts: readonly (string | null | undefined)[];
  onSubmit: (input: SignOffInput) => Promise<boolean>;
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => preselectedIds(records, new Date()));
  const [step, setStep] = useState<'choose' | 'sign'>('choose');
  const preceptors = useRememberedPreceptors();
  const picked = useMemo(() => records.filter((r) => chosen.has(r.id)), [records, chosen]);
  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <Modal title={step === 'choose' ? 'Ask preceptor to sign' : 'Preceptor sign-off'} open onClose={onClose} wide>
      {step === 'choose' ? (
        <ChooseRecords records={records} chosen={chosen} onToggle={toggle} onNext={() => setStep('sign')} />
      ) : (
        <PreceptorForm
          records={picked}
          teamLeadContacts={picked.filter((r) => r.kind === 'contact' && r.label.endsWith('team lead'))}
          ownContacts={ownContacts}
          onBack={() => setStep('choose')}
          remembered={preceptors.remembered}
          onSign={async (input) => {
            const saved = await onSubmit({ ...input, records: picked.map(({ kind, id }) => ({ kind, id })) });
            if (!saved) return false;
            await preceptors.remember(input.preceptor);
            onClose();
            return true;
          }}
        />
      )}
    </Modal>
  );
}
