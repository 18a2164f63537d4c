/**
 * Staff's shift forms, online: a new shift or weekly series; an edit of one shift or of it and every later one of its
 * series ("this one or all after"); a cancel with its reason, which tells everyone booked in the app and by mail.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';

import type { ShiftRoutes } from '#api/routes/shifts/index.ts';
import { addDays, localDay } from '#schema/dates.ts';
import {
  cancelShiftSchema,
  createShiftSchema,
  CREDENTIAL_KINDS,
  CREDENTIAL_LABELS,
  editShiftSchema,
  SHIFT_TYPE_LABELS,
  SHIFT_TYPES,
} from '#schema/shift.ts';
import type { BoardRow } from '#schema/shift-board.ts';
import { apiClient } from '#web/lib/api.ts';
import { useActiveSiteOptions, useRow, useRows } from '#web/lib/data.ts';
import { plural } from '#web/lib/format.ts';
import { CheckboxField, CheckboxGroup, SelectField, TextAreaField, TextField } from '#web/lib/ui/fields.tsx';
import { Modal, ModalActions } from '#web/lib/ui/modal.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { showFieldErrors, useWriter } from '#web/lib/write.ts';

const shiftsApi = apiClient<ShiftRoutes>().shifts;

const TYPE_OPTIONS = SHIFT_TYPES.map((t) => [t, SHIFT_TYPE_LABELS[t]] as const);
const CREDENTIAL_OPTIONS = CREDENTIAL_KINDS.map((k) => [k, CREDENTIAL_LABELS[k]] as const);
const asNumber = { setValueAs: (v: unknown) => (v === '' || v == null ? undefined : Number(v)) };

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

/** Preceptors and instructors a shift may name. */
function usePreceptorOptions() {
  const users = useRows('users') ?? [];
  return users
    .filter((u) => u.role === 'preceptor' || u.role === 'instructor')
    .map((u) => [u.id, `${u.firstName} ${u.lastName}`] as const);
}

type NewInput = z.input<typeof createShiftSchema>;
type NewOutput = z.output<typeof createShiftSchema>;

export function NewShiftDialog({ onClose }: { onClose: () => void }) {
  const { online } = useWriter();
  const programs = useRows('programs') ?? [];
  const sites = useActiveSiteOptions();
  const preceptors = usePreceptorOptions();
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
        <SelectField label="Type" options={TYPE_OPTIONS} error={errors.type?.message} {...register('type')} />
        <SelectField
          label="Site"
          placeholder="No site (lab at school)"
          options={sites}
          error={errors.clinicalSiteId?.message}
          {...register('clinicalSiteId')}
        />
        <TextField label="Unit or department" error={errors.unit?.message} {...register('unit')} />
        <TextField label="Date" type="date" error={errors.date?.message} {...register('date')} />
        <TextField label="Start" type="time" error={errors.startTime?.message} {...register('startTime')} />
        <TextField
          label="Duration (minutes)"
          type="number"
          inputMode="numeric"
          error={errors.durationMinutes?.message}
          {...register('durationMinutes', asNumber)}
        />
        <TextField
          label="Slots"
          type="number"
          inputMode="numeric"
          error={errors.slots?.message}
          {...register('slots', asNumber)}
        />
        <TextField
          label="Weekly series: how many weeks"
          type="number"
          inputMode="numeric"
          error={errors.repeatWeeks?.message}
          {...register('repeatWeeks', asNumber)}
        />
        <SelectField
          label="Preceptor"
          placeholder="None yet"
          options={preceptors}
          {...register('preceptorIds', { setValueAs: (v: unknown) => (v ? [v] : []) })}
        />
        <Controller
          control={control}
          name="requiredCredentials"
          render={({ field }) => (
            <CheckboxGroup
              legend="Students must have current"
              options={CREDENTIAL_OPTIONS}
              value={field.value ?? []}
              onChange={field.onChange}
            />
          )}
        />
        <div>
          <CheckboxField label="Students may drop" {...register('allowDrop')} />
          <CheckboxField label="Students may offer their place for a swap" {...register('allowSwap')} />
        </div>
      </form>
      <FormButtons form="new-shift" label="Post" busy={isSubmitting} onClose={onClose} />
    </Modal>
  );
}

type EditInput = z.input<typeof editShiftSchema>;
type EditOutput = z.output<typeof editShiftSchema>;

export function EditShiftDialog({ shiftId, onClose }: { shiftId: string; onClose: () => void }) {
  const { online } = useWriter();
  const shift = useRow('shifts', shiftId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EditInput, unknown, EditOutput>({
    resolver: zodResolver(editShiftSchema),
    values: shift && {
      id: shift.id,
      scope: 'one',
      changes: {
        startTime: shift.startTime,
        durationMinutes: shift.durationMinutes,
        slots: shift.slots,
        unit: shift.unit ?? '',
      },
    },
  });
  if (!shift) return null;
  async function submit({ id, ...body }: EditOutput) {
    const res = await online(() => shiftsApi[':id'].$patch({ param: { id }, json: body }), {
      success: body.scope === 'following' ? 'This shift and the later ones changed' : 'Shift changed',
      failure: 'Could not change the shift',
    });
    if (res.ok) onClose();
    else showFieldErrors(setError, res.fields, (f) => (f === 'scope' ? 'scope' : `changes.${f}`) as never);
  }
  return (
    <Modal title="Edit shift" open onClose={onClose}>
      <form id="edit-shift" className="grid gap-3" onSubmit={handleSubmit(submit)} noValidate>
        {shift.seriesId && (
          <fieldset className="flex flex-col gap-1">
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
        <TextField
          label="Start"
          type="time"
          error={errors.changes?.startTime?.message}
          {...register('changes.startTime')}
        />
        <TextField
          label="Duration (minutes)"
          type="number"
          error={errors.changes?.durationMinutes?.message}
          {...register('changes.durationMinutes', asNumber)}
        />
        <TextField
          label="Slots"
          type="number"
          error={errors.changes?.slots?.message}
          {...register('changes.slots', asNumber)}
        />
        <TextField label="Unit or department" error={errors.changes?.unit?.message} {...register('changes.unit')} />
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
