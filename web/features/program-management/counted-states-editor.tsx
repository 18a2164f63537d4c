import { useState } from 'react';

import { MSG } from '#schema/messages.ts';
import {
  COUNTABLE_STATE_HINTS,
  COUNTABLE_STATES,
  type CountableState,
  DEFAULT_COUNTED_STATES,
  SIGN_OFF_STATUS_LABELS,
} from '#schema/sign-off.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { buttonClass } from '#web/lib/ui/styles.ts';

import type { SaveRequirements } from './skill-minimums-editor.tsx';

type Program = DomainRows['programs'];

/** Which preceptor sign-off states make a student's attempts count toward this program's minimums. */
export function CountedStatesEditor({ program, onSave }: { program: Program; onSave: SaveRequirements }) {
  const current = (program.countedSignOffStates ?? DEFAULT_COUNTED_STATES) as readonly CountableState[];
  const [chosen, setChosen] = useState<ReadonlySet<CountableState>>(new Set(current));
  const [message, setMessage] = useState<string | null>(null);
  const toggle = (state: CountableState) =>
    setChosen((c) => {
      const next = new Set(c);
      if (!next.delete(state)) next.add(state);
      return next;
    });
  const save = async (states: readonly CountableState[] | null) => {
    if (states && states.length === 0) return setMessage(MSG.countedStatesRequired);
    const result = await onSave({ countedSignOffStates: states && [...states] });
    setMessage(result.ok ? null : (result.fields.countedSignOffStates ?? null));
    if (result.ok) setChosen(new Set(states ?? DEFAULT_COUNTED_STATES));
  };

  return (
    <div className="flex flex-col gap-3">
      <fieldset className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold text-slate-900">
          Attempts in a sign-off count toward the minimums when it is
        </legend>
        {COUNTABLE_STATES.map((state) => (
          <label key={state} className="flex min-h-11 items-start gap-3 text-sm text-slate-800">
            <input
              type="checkbox"
              className="mt-0.5 size-5 shrink-0"
              checked={chosen.has(state)}
              onChange={() => toggle(state)}
            />
            <span className="font-medium">
              {SIGN_OFF_STATUS_LABELS[state]}
              <span className="block font-normal text-slate-600">{COUNTABLE_STATE_HINTS[state]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p className="text-sm text-slate-600">
        A change applies at once to the sign-offs already made: their attempts start or stop counting.
      </p>
      {message && (
        <p role="alert" className="text-sm text-red-700">
          {message}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <button
          type="button"
          className={buttonClass('secondary')}
          disabled={!program.countedSignOffStates}
          onClick={() => save(null)}
        >
          Use the defaults
        </button>
        <button
          type="button"
          className={buttonClass()}
          onClick={() => save(COUNTABLE_STATES.filter((s) => chosen.has(s)))}
        >
          Save counted states
        </button>
      </div>
    </div>
  );
}
