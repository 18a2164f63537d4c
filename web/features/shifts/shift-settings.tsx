/**
 * Shift settings staff keep online (issue 30): a program's clock-in window, which every clock-in to its shifts is
 * judged by on the phone and on the server, and a clinical site's location and radius, which phones compare their
 * own position with (only the yes or no leaves the phone).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import type { ShiftRoutes } from '#api/routes/shifts/index.ts';
import { clockWindowSchema, siteLocationSchema } from '#schema/shift-schema.ts';
import { apiClient } from '#web/lib/api.ts';
import { useRows } from '#web/lib/data.ts';
import { SelectField, TextField } from '#web/lib/ui/fields.tsx';
import { Modal, ModalActions } from '#web/lib/ui/modal.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { showFieldErrors, useWriter } from '#web/lib/write.ts';

const shiftsClient = apiClient<ShiftRoutes>();

/** A radius to start from: a hospital campus with its parking. */
const DEFAULT_RADIUS_METERS = 200;
const asNumber = { setValueAs: (v: unknown) => (v === '' || v == null ? undefined : Number(v)) };

function Buttons({
  form,
  busy,
  onClose,
  extra,
}: {
  form: string;
  busy: boolean;
  onClose: () => void;
  extra?: ReactNode;
}) {
  return (
    <ModalActions>
      <button type="button" className={buttonClass('secondary')} onClick={onClose}>
        Close
      </button>
      {extra}
      <button type="submit" form={form} className={buttonClass('primary')} disabled={busy}>
        Save
      </button>
    </ModalActions>
  );
}

type WindowInput = z.input<typeof clockWindowSchema>;
type WindowOutput = z.output<typeof clockWindowSchema>;

/** The clock-in window of one program's shifts; choosing a program shows its current window. */
export function ClockWindowDialog({ onClose }: { onClose: () => void }) {
  const { online } = useWriter();
  const programs = useRows('programs') ?? [];
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<WindowInput, unknown, WindowOutput>({
    resolver: zodResolver(clockWindowSchema),
    defaultValues: { programId: programs.length === 1 ? programs[0].id : '' },
  });
  const programId = watch('programId');
  // the only program is chosen once the rows are read (they may arrive after the first render)
  const chosen =
    programs.find((p) => p.id === programId) ?? (!programId && programs.length === 1 ? programs[0] : undefined);
  useEffect(() => {
    if (chosen)
      reset({
        programId: chosen.id,
        clockEarlyMinutes: chosen.clockEarlyMinutes,
        clockLateMinutes: chosen.clockLateMinutes,
      });
  }, [chosen, reset]);

  async function submit({ programId: id, ...window }: WindowOutput) {
    const res = await online(() => shiftsClient.programs[':id']['clock-window'].$put({ param: { id }, json: window }), {
      success: 'Clock-in window saved',
      failure: 'Could not save the clock-in window',
    });
    if (res.ok) onClose();
    else showFieldErrors(setError, res.fields);
  }
  return (
    <Modal title="Clock-in window" open onClose={onClose}>
      <form id="clock-window" className="space-y-3" onSubmit={handleSubmit(submit)} noValidate>
        <p className="text-sm text-slate-700">
          A clock-in this many minutes before or after a shift’s start needs no reason; outside it the student says why.
        </p>
        <SelectField
          label="Program"
          placeholder="Choose a program"
          options={programs.map((p) => [p.id, p.name] as const)}
          error={errors.programId?.message}
          {...register('programId')}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="Minutes early"
            type="number"
            inputMode="numeric"
            error={errors.clockEarlyMinutes?.message}
            {...register('clockEarlyMinutes', asNumber)}
          />
          <TextField
            label="Minutes late"
            type="number"
            inputMode="numeric"
            error={errors.clockLateMinutes?.message}
            {...register('clockLateMinutes', asNumber)}
          />
        </div>
      </form>
      <Buttons form="clock-window" busy={isSubmitting} onClose={onClose} />
    </Modal>
  );
}

type SiteInput = z.input<typeof siteLocationSchema>;
type SiteOutput = z.output<typeof siteLocationSchema>;

/** A clinical site's location: latitude and longitude (as a map app shows them) and how far around it counts as there. */
export function SiteLocationDialog({ onClose }: { onClose: () => void }) {
  const { online } = useWriter();
  const sites = (useRows('clinicalSites') ?? []).filter((s) => s.isActive);
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SiteInput, unknown, SiteOutput>({
    resolver: zodResolver(siteLocationSchema),
    defaultValues: { clinicalSiteId: '' },
  });
  const siteId = watch('clinicalSiteId');
  const chosen = sites.find((s) => s.id === siteId);
  useEffect(() => {
    if (chosen)
      reset({
        clinicalSiteId: chosen.id,
        latitude: chosen.latitude,
        longitude: chosen.longitude,
        radiusMeters: chosen.radiusMeters ?? DEFAULT_RADIUS_METERS,
      });
  }, [chosen, reset]);

  async function save(values: SiteOutput) {
    const { clinicalSiteId: id, ...location } = values;
    const res = await online(
      () => shiftsClient['clinical-sites'][':id'].location.$put({ param: { id }, json: location }),
      {
        success: location.latitude === null ? 'Site location cleared' : 'Site location saved',
        failure: 'Could not save the site location',
      },
    );
    if (res.ok) onClose();
    else showFieldErrors(setError, res.fields);
  }
  const hasLocation = chosen?.latitude != null;
  return (
    <Modal title="Site location" open onClose={onClose}>
      <form id="site-location" className="space-y-3" onSubmit={handleSubmit(save)} noValidate>
        <p className="text-sm text-slate-700">
          With a student’s consent, their phone checks whether it is within this distance of the site when they clock
          in. Only “at the site” or “not” is sent; the phone’s position never leaves it.
        </p>
        <SelectField
          label="Clinical site"
          placeholder="Choose a site"
          options={sites.map((s) => [s.id, s.name] as const)}
          error={errors.clinicalSiteId?.message}
          {...register('clinicalSiteId')}
        />
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField
            label="Latitude"
            type="number"
            step="any"
            error={errors.latitude?.message}
            {...register('latitude', asNumber)}
          />
          <TextField
            label="Longitude"
            type="number"
            step="any"
            error={errors.longitude?.message}
            {...register('longitude', asNumber)}
          />
          <TextField
            label="Radius (metres)"
            type="number"
            inputMode="numeric"
            error={errors.radiusMeters?.message}
            {...register('radiusMeters', asNumber)}
          />
        </div>
      </form>
      <Buttons
        form="site-location"
        busy={isSubmitting}
        onClose={onClose}
        extra={
          hasLocation && (
            <button
              type="button"
              className={buttonClass('ghost')}
              onClick={() =>
                void save({ clinicalSiteId: chosen.id, latitude: null, longitude: null, radiusMeters: null })
              }
            >
              Clear location
            </button>
          )
        }
      />
    </Modal>
  );
}
