import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';

import { useLiveQuery } from '#web/lib/live-query.ts';
import { useSession } from '#web/lib/session.tsx';
import { useSync } from '#web/lib/sync.tsx';

import { type SearchHit, searchRecords } from './search.ts';

/** Finds students, skills and standards on this device (works offline) and opens the screen that shows them. */
export function HeaderSearch({
  autoFocus = false,
  initialQuery = '',
  placeholder,
}: {
  autoFocus?: boolean;
  initialQuery?: string;
  placeholder: string;
}) {
  const { db } = useSync();
  const session = useSession();
  const role = session.status === 'signed-in' ? session.user.role : 'student';
  const navigate = useNavigate();
  const [query, setQuery] = useState(initialQuery);
  const hits =
    useLiveQuery(() => (query.trim().length < 2 ? [] : searchRecords(db, query, role)), [db, query, role]) ?? [];
  const open = (hit: SearchHit | null) => {
    if (!hit) return;
    setQuery('');
    void navigate({ to: hit.to, search: hit.search });
  };
  return (
    <Combobox onChange={open} immediate>
      <div className="relative w-full">
        <ComboboxInput
          aria-label="Search"
          placeholder={placeholder}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- only when it replaces the placeholder box the person just focused
          autoFocus={autoFocus}
          // the text typed into the placeholder box carries on: the caret goes after it, not before
          onFocus={(e) => e.currentTarget.setSelectionRange(e.currentTarget.value.length, e.currentTarget.value.length)}
          className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base sm:text-sm"
          onChange={(e) => setQuery(e.target.value)}
          value={query}
        />
        {query.trim().length >= 2 && (
          <ComboboxOptions className="absolute z-30 mt-1 max-h-80 w-full overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg empty:invisible">
            {hits.length === 0 && <p className="px-3 py-2 text-sm text-slate-600">No matches</p>}
            {hits.map((hit) => (
              <ComboboxOption
                key={`${hit.kind}:${hit.id}`}
                value={hit}
                className="flex min-h-11 cursor-pointer flex-col justify-center px-3 py-1 data-[focus]:bg-brand-50"
              >
                <span className="text-sm font-medium">{hit.label}</span>
                <span className="text-xs text-slate-600">
                  {hit.kind} · {hit.detail}
                </span>
              </ComboboxOption>
            ))}
          </ComboboxOptions>
        )}
      </div>
    </Combobox>
  );
}
