import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useState } from 'react';

import type { RejectedEntry } from '#sync/client/db.ts';
import { useLiveQuery } from '#web/lib/live-query.ts';
import { useSync } from '#web/lib/sync.tsx';
import { ConfirmDialog } from '#web/lib/ui/modal.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { toast } from '#web/lib/ui/toasts.tsx';

import { NextOpenShifts } from '../shifts/index.ts';
import { describeArgs, words } from './describe-change.ts';
import { EditRejectedDialog } from './edit-rejected-dialog.tsx';

/** Changes the server refused, each with its reason and original input, to retry, edit or discard. */
export function NeedsAttention({ count }: { count: number }) {
  const { db } = useSync();
  const entries = useLiveQuery(() => db.rejected.toArray(), [db]) ?? [];
  const [editing, setEditing] = useState<RejectedEntry | null>(null);
  return (
    <Popover className="relative">
      <PopoverButton className="min-h-11 rounded-full bg-red-100 px-3 text-sm font-medium text-red-900">
        {count} need attention
      </PopoverButton>
      <PopoverPanel
        anchor="bottom start"
        className="z-30 w-[min(26rem,95vw)] rounded-xl border border-slate-200 bg-white p-3 shadow-lg"
      >
        <h2 className="font-semibold">Changes the server did not accept</h2>
        <ul className="mt-2 flex max-h-[70vh] flex-col gap-3 overflow-y-auto">
          {entries.map((entry) => (
            <RejectedItem key={entry.mutationId} entry={entry} onEdit={() => setEditing(entry)} />
          ))}
        </ul>
      </PopoverPanel>
      {editing && <EditRejectedDialog entry={editing} onClose={() => setEditing(null)} />}
    </Popover>
  );
}

function RejectedItem({ entry, onEdit }: { entry: RejectedEntry; onEdit: () => void }) {
  const { db, engine } = useSync();
  const fields = useLiveQuery(() => describeArgs(db, entry.name, entry.args), [db, entry]) ?? [];
  const retry = async () => {
    try {
      await engine.retryRejected(entry.mutationId as never);
      void engine.sync();
    } catch {
      toast.error('This change is still invalid. Edit it before sending it again.');
    }
  };
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="rounded-lg border border-slate-200 p-3 text-sm">
      <p className="font-medium">{words(entry.name)}</p>
      <p className="text-red-800">{entry.message ?? 'Refused by the server'}</p>
      {entry.fields && (
        <ul className="text-red-800">
          {Object.entries(entry.fields).map(([k, m]) => (
            <li key={k}>
              {words(k)}: {m}
            </li>
          ))}
        </ul>
      )}
      {entry.name === 'bookShift' && <NextOpenShifts refusedShiftId={(entry.args as { shiftId: string }).shiftId} />}
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-slate-700">
        {fields.map((f) => [
          <dt key={`${f.key}-l`} className="text-slate-500">
            {f.label}
          </dt>,
          <dd key={`${f.key}-v`} className="break-words">
            {f.value}
          </dd>,
        ])}
      </dl>
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className={buttonClass('primary')} onClick={retry}>
          Retry
        </button>
        <button type="button" className={buttonClass('secondary')} onClick={onEdit}>
          Edit
        </button>
        <button type="button" className={buttonClass('ghost')} onClick={() => setConfirming(true)}>
          Discard
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Discard this change?"
        message="It will not be sent, and cannot be recovered."
        confirmLabel="Discard change"
        onConfirm={() => engine.discardRejected(entry.mutationId)}
        onClose={() => setConfirming(false)}
      />
    </li>
  );
}
