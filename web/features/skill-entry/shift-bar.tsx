/**
 * This shift's setting and site, which one-tap attempts use: one line ("Setting: Clinical · St. Mary — Change") that
 * opens the choices; remembered for the day.
 */
import { useState } from 'react';

import { ATTEMPT_SETTING_LABELS, ATTEMPT_SETTINGS } from '#schema/enums.ts';
import { useActiveSiteOptions } from '#web/lib/data.ts';
import { SelectField } from '#web/lib/ui/fields.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

import type { ShiftSetting } from './shift-setting.ts';

export function ShiftBar({
  shift,
  onChange,
}: {
  shift: ShiftSetting;
  onChange: (next: Partial<ShiftSetting>) => void;
}) {
  const [open, setOpen] = useState(false);
  const sites = useActiveSiteOptions();
  const site = sites.find(([id]) => id === shift.clinicalSiteId)?.[1];
  const summary = `Setting: ${ATTEMPT_SETTING_LABELS[shift.setting]}${site ? ` · ${site}` : ''}`;
  if (!open) {
    return (
      <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
        <span>{summary}</span>
        <button
          type="button"
          onClick={() => setOpen(true)}
          aria-label={`Change the shift's setting and site (${summary})`}
          className="min-h-11 rounded-lg px-2 font-semibold text-brand-700 hover:bg-slate-100"
        >
          Change
        </button>
      </p>
    );
  }
  return (
    <fieldset className="grid gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:grid-cols-[1fr_1fr_auto]">
      <legend className="px-1 text-sm font-semibold text-slate-800">This shift</legend>
      <div
        role="radiogroup"
        aria-label="Setting"
        className="grid grid-cols-4 gap-1 self-end rounded-lg bg-slate-100 p-1"
      >
        {ATTEMPT_SETTINGS.map((setting) => (
          <button
            key={setting}
            type="button"
            role="radio"
            aria-checked={shift.setting === setting}
            onClick={() => onChange({ setting })}
            className="min-h-11 rounded-md px-1 text-sm font-semibold text-slate-700 aria-checked:bg-white aria-checked:text-brand-700 aria-checked:shadow-sm"
          >
            {ATTEMPT_SETTING_LABELS[setting]}
          </button>
        ))}
      </div>
      <SelectField
        label="Site"
        value={shift.clinicalSiteId ?? ''}
        onChange={(e) => onChange({ clinicalSiteId: e.target.value || null })}
        placeholder="No site"
        options={sites}
      />
      <button type="button" onClick={() => setOpen(false)} className={buttonClass('secondary', 'self-end')}>
        Done
      </button>
    </fieldset>
  );
}
