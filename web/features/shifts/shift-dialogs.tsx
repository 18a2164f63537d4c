/**
 * Staff's shift forms, online: a new shift or weekly series; an edit of one shift or of it and every later one of its
 * series ("this one or all after"); a cancel with its reason, which tells everyone booked in the app and by mail.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';

import type { ShiftRoutes } from '#api/routes/shifts/index.ts';
import { addDays, localDay } from '#schema/dates.ts';
import { SHIFT_MSG } from '#schema/messages.ts';
import { type CredentialKind, type ShiftType } from '#schema/shift.ts';
import type { BoardRow } from '#schema/shift-board.ts';
import { cancelShiftSchema, createShiftSchema, editShiftSchema } from '#schema/shift-schema.ts';
import { apiClient } from '#web/lib/api.ts';
import { useRow, useRows } from '#web/lib/data.ts';
import { plural } from '#web/lib/format.ts';
import { SelectField, TextAreaField, TextField } from '#web/lib/ui/fields.tsx';
import { Modal, ModalActions } from '#web/lib/ui/modal.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { showFieldErrors, useWriter } from '#web/lib/write.ts';

import { asNumber, ShiftFieldInputs } from './shift-fields.tsx';

const shiftsApi = apiClient<ShiftRoutes>().shifts;

function FormButtons({
  form,
  label,
  busy,
  onClose,
}: {
  form: string;
  label: string;
  busy: boolean;
  onClose: () => void;
}) {
  return (
    <ModalActions>
      <button type="button" className={buttonClass('secondary')} onClick={onClose}>
        Close
      </button>
      <button type="submit" form={form} className={buttonClass('primary')} disabled={busy}>
        {label}
      </button>
    </ModalActions>
  );
}

type NewInput = z.input<typeof createShiftSchema>;
type NewOutput = z.output<typeof createShiftSchema>;

export function NewShiftDialog({ onClose }: { onClose: () => void }) {
  const { online } = useWriter();
  const programs = useRows('programs') ?? [];
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewInput, unknown, NewOutput>({
    resolver: zodResolver(createShiftSchema),
    defaultValues: {
      programId: programs.length === 1 ? programs[0].id : '',
      type: 'clinical',
      date: addDays(localDay(new Date()), 7),
      startTime: '07:00',
      durationMinutes: 720,
      slots: 2,
      repeatWeeks: 1,
      requiredCredentials: [],
      preceptorIds: [],
      allowDrop: true,
      allowSwap: true,
    },
  });
  async function submit(values: NewOutput) {
    const res = await online(() => shiftsApi.$post({ json: values }), {
      success: `${plural(values.repeatWeeks, 'shift')} posted`,
      failure: 'Could not post the shift',
    });
    if (res.ok) onClose();
    else showFieldErrors(setError, res.fields);
  }
  return (
    <Modal title="New shift" open onClose={onClose} wide>
      <form id="new-shift" className="grid gap-3 sm:grid-cols-2" onSubmit={handleSubmit(submit)} noValidate>
        <SelectField
          label="Program"
          placeholder="Choose a program"
          options={programs.map((p) => [p.id, p.name] as const)}
          error={errors.programId?.message}
          {...register('programId')}
        />
        <ShiftFieldInputs register={register} control={control} errors={errors} at={(f) => f} />
        <TextField
          label="Weekly series: how many weeks"
          type="number"
          inputMode="numeric"
          error={errors.repeatWeeks?.message}
          {...register('repeatWeeks', asNumber)}
        />
      </form>
      <FormButtons form="new-shift" label="Post" busy={isSubmitting} onClose={onClose} />
    </Modal>
  );
}

type EditInput = z.input<typeof editShiftSchema>;
type EditOutput = z.output<typeof editShiftSchema>;

/** The changes an edit sends: only the fields the coordinator changed, so "all after" leaves the rest of each shift. */
function changedOnly(changes: EditOutput['changes'], dirty: Partial<Record<string, unknown>> | undefined) {
  return Object.fromEntries(Object.entries(changes).filter(([k]) => dirty?.[k])) as EditOutput['changes'];
}

const editResolver = zodResolver(editShiftSchema);
/** "This one and all after" moves no dates (each shift keeps its own day), so the date field is not part of it. */
const seriesEditResolver: Resolver<EditInput, unknown, EditOutput> = (values, context, options) =>
  editResolver(
    values.scope === 'following' ? { ...values, changes: { ...values.changes, date: undefined } } : values,
    context,
    options,
  );

export function EditShiftDialog({ shiftId, onClose }: { shiftId: string; onClose: () => void }) {
  const { online } = useWriter();
  const shift = useRow('shifts', shiftId);
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<EditInput, unknown, EditOutput>({
    resolver: seriesEditResolver,
    values: shift && {
      id: shift.id,
      scope: 'one',
      changes: {
        type: shift.type as ShiftType,
        clinicalSiteId: shift.clinicalSiteId ?? '',
        unit: shift.unit ?? '',
        date: shift.date,
        startTime: shift.startTime,
        durationMinutes: shift.durationMinutes,
        slots: shift.slots,
        signupOpensDaysBefore: shift.signupOpensDaysBefore,
        signupClosesDaysBefore: shift.signupClosesDaysBefore,
        allowDrop: shift.allowDrop,
        dropCutoffHours: shift.dropCutoffHours,
        allowSwap: shift.allowSwap,
        preceptorIds: shift.preceptorIds,
        requiredCredentials: shift.requiredCredentials as CredentialKind[],
      },
    },
  });
  const following = watch('scope') === 'following';
  if (!shift) return null;
  async function submit({ id, scope, changes }: EditOutput) {
    const json = { scope, changes: changedOnly(changes, dirtyFields.changes) };
    const res = await online(() => shiftsApi[':id'].$patch({ param: { id }, json }), {
      success: scope === 'following' ? 'This shift and the later ones changed' : 'Shift changed',
      failure: 'Could not change the shift',
    });
    if (res.ok) onClose();
    else showFieldErrors(setError, res.fields, (f) => (f === 'scope' ? 'scope' : `changes.${f}`) as never);
  }
  return (
    <Modal title="Edit shift" open onClose={onClose} wide>
      <form id="edit-shift" className="grid gap-3 sm:grid-cols-2" onSubmit={handleSubmit(submit)} noValidate>
        {shift.seriesId && (
          <fieldset className="flex flex-col gap-1 sm:col-span-2">
            <legend className="text-sm font-medium text-slate-800">
              This shift is part of a weekly series. Change
            </legend>
            <label className="flex min-h-11 items-center gap-3 text-sm">
              <input type="radio" value="one" {...register('scope')} /> This one only
            </label>
            <label className="flex min-h-11 items-center gap-3 text-sm">
              <input type="radio" value="following" {...register('scope')} /> This one and all after
            </label>
          </fieldset>
        )}
        <ShiftFieldInputs
          register={register}
          control={control}
          errors={errors.changes}
          at={(f) => `changes.${f}`}
          dateLocked={following ? SHIFT_MSG.dateOnlyThisOne : undefined}
        />
      </form>
      <FormButtons form="edit-shift" label="Save" busy={isSubmitting} onClose={onClose} />
    </Modal>
  );
}

type CancelInput = z.input<typeof cancelShiftSchema>;
type CancelOutput = z.output<typeof cancelShiftSchema>;

export function CancelShiftDialog({ row, onClose }: { row: BoardRow; onClose: () => void }) {
  const { online } = useWriter();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CancelInput, unknown, CancelOutput>({
    resolver: zodResolver(cancelShiftSchema),
    defaultValues: { id: row.id, reason: '' },
  });
  async function submit({ id, reason }: CancelOutput) {
    const res = await online(() => shiftsApi[':id'].cancel.$post({ param: { id }, json: { reason } }), {
      success: 'Shift cancelled',
      successDescription: row.booked.length ? 'Everyone booked has been told' : undefined,
      failure: 'Could not cancel the shift',
    });
    if (res.ok) onClose();
    else showFieldErrors(setError, res.fields);
  }
  return (
    <Modal title="Cancel shift" open onClose={onClose}>
      <form id="cancel-shift" className="grid gap-3" onSubmit={handleSubmit(submit)} noValidate>
        <p className="text-sm text-slate-700">
          {row.booked.length
            ? `${row.booked.length} booked ${row.booked.length === 1 ? 'student is' : 'students are'} told in the app, and by e-mail when the server sends mail.`
            : 'Nobody is booked on this shift.'}
        </p>
        <TextAreaField label="Reason" error={errors.reason?.message} {...register('reason')} />
      </form>
      <FormButtons form="cancel-shift" label="Cancel shift" busy={isSubmitting} onClose={onClose} />
    </Modal>
  );
}
