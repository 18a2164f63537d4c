/**
 * Drafts of the long forms (patient contact, sign-off sheet, assessment): what was typed is kept in this user's device
 * database as it is typed, so a reload, a closed tab or Back does not lose it; it is cleared when the form is saved
 * and at sign-out (a shared phone). Leaving the screen with a draft asks first.
 */
import { useBlocker, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

import type { TrainingDb } from '#sync/client/db.ts';

import { useSync } from './sync.tsx';
import { buttonClass } from './ui/styles.ts';

const PREFIX = 'draft:';

/** The question before leaving a screen whose form holds unsaved input. */
const LEAVE_WITH_DRAFT = 'Leave this screen? What you typed is kept as a draft on this device.';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Removes every draft of the user of `db` (at sign-out). */
export const forgetDrafts = (db: TrainingDb) => db.meta.where('key').startsWith(PREFIX).delete();

/** The values without the fields a draft must not keep. */
const without = (values: object | undefined, omit: readonly string[]) =>
  Object.fromEntries(Object.entries(values ?? {}).filter(([k]) => !omit.includes(k)));

/**
 * Keeps `form`'s values as the draft `name` (include the record it is for, e.g. the student) and restores a kept draft
 * when the form opens; fields in `omit` are never kept (an attestation is given in the moment, not restored).
 * Returns whether a draft was restored, `clear` (after a save) and `discard` (back to empty).
 */
export function useFormDraft<T extends FieldValues>(
  form: UseFormReturn<T>,
  name: string,
  omit: readonly string[] = [],
) {
  const { db } = useSync();
  const key = PREFIX + name;
  const [restored, setRestored] = useState(false);
  const [dirty, setDirty] = useState(false);
  useEffect(() => {
    let live = true;
    let subscription: { unsubscribe: () => void } | undefined;
    void db.getMeta<T>(key).then((saved) => {
      if (!live) return;
      if (saved) {
        form.reset({ ...form.getValues(), ...saved }, { keepDefaultValues: true });
        setRestored(true);
        setDirty(true);
      }
      subscription = form.watch((values) => {
        const kept = without(values, omit);
        const changed = !same(kept, without(form.formState.defaultValues, omit));
        setDirty(changed);
        void (changed ? db.setMeta(key, kept) : db.meta.delete(key));
      });
    });
    return () => {
      live = false;
      subscription?.unsubscribe();
    };
    // `omit` is a constant of each form
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [db, key, form]);
  const clear = async () => {
    setDirty(false);
    await db.meta.delete(key);
  };
  const discard = async () => {
    await clear();
    form.reset();
    setRestored(false);
  };
  return { restored, dirty, clear, discard };
}

/** Asks before the app leaves the screen while `dirty` (inside the app's router; a form shown alone has none). */
export function LeaveGuard({ dirty }: { dirty: boolean }) {
  const router = useRouter({ warn: false });
  return router && dirty ? <Blocker /> : null;
}

function Blocker() {
  useBlocker({
    shouldBlockFn: ({ current, next }) => current.pathname !== next.pathname && !window.confirm(LEAVE_WITH_DRAFT),
    // a reload keeps the draft: no browser prompt is needed for it
    enableBeforeUnload: false,
  });
  return null;
}

/** "Draft restored", with a way to start again. */
export function DraftNote({ restored, onDiscard }: { restored: boolean; onDiscard: () => void }) {
  if (!restored) return null;
  return (
    <p className="flex items-center justify-between gap-2 rounded-lg bg-sky-50 p-2 text-sm text-sky-900">
      Draft restored: what you typed before is back.
      <button type="button" className={buttonClass('secondary')} onClick={onDiscard}>
        Discard draft
      </button>
    </p>
  );
}
