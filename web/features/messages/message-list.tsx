import { MESSAGE_CATEGORIES, MESSAGE_CATEGORY_LABELS, MESSAGE_PRIORITY_LABELS } from '#schema/enums.ts';
import { EmptyState } from '#web/lib/ui/display.tsx';
import { SelectField, TextField } from '#web/lib/ui/fields.tsx';
import { ShowMore, useShowMore } from '#web/lib/ui/show-more.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

import { MessageCard } from './message-card.tsx';
import {
  counterpartId,
  type DeviceMessage,
  emptyHint,
  filterMessages,
  isUnread,
  MAILBOXES,
  type MessageFilters,
  type Party,
  PRIORITY_ORDER,
  unreadCount,
} from './message-rules.ts';

const CATEGORY_OPTIONS = [
  ['all', 'All Categories'],
  ...MESSAGE_CATEGORIES.map((c) => [c, MESSAGE_CATEGORY_LABELS[c]] as const),
] as const;
const PRIORITY_OPTIONS = [
  ['all', 'All Priorities'],
  ...PRIORITY_ORDER.map((p) => [p, MESSAGE_PRIORITY_LABELS[p]] as const),
] as const;

/** The left pane: title with the unread badge, Compose, mailbox, search and filters, and the message cards. */
export function MessageList({
  messages,
  me,
  people,
  filters,
  onFiltersChange,
  selectedId,
  isPending,
  onSelect,
  onCompose,
}: {
  messages: readonly DeviceMessage[];
  me: string;
  people: ReadonlyMap<string, Party>;
  filters: MessageFilters;
  onFiltersChange: (f: MessageFilters) => void;
  selectedId: string | null;
  isPending: (m: DeviceMessage) => boolean;
  onSelect: (m: DeviceMessage) => void;
  onCompose: () => void;
}) {
  const unread = unreadCount(messages, me);
  const shown = filterMessages(messages, filters, me, people);
  const paged = useShowMore(shown, JSON.stringify(filters));
  const set = (change: Partial<MessageFilters>) => onFiltersChange({ ...filters, ...change });
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-xl font-bold text-slate-900">
          Messages
          <span
            aria-label={`${unread} unread`}
            className={`rounded-full px-2 py-0.5 text-xs font-semibold ${unread ? 'bg-brand-700 text-white' : 'bg-slate-200 text-slate-700'}`}
          >
            {unread}
          </span>
        </h2>
        <button type="button" className={buttonClass()} onClick={onCompose}>
          Compose
        </button>
      </div>
      <div role="group" aria-label="Mailbox" className="grid grid-cols-4 gap-1 rounded-xl bg-slate-100 p-1">
        {MAILBOXES.map(([key, text]) => (
          <button
            key={key}
            type="button"
            aria-pressed={filters.mailbox === key}
            onClick={() => set({ mailbox: key })}
            className="min-h-11 rounded-lg px-1 text-sm font-semibold text-slate-700 hover:bg-white/60 aria-pressed:bg-white aria-pressed:text-brand-700 aria-pressed:shadow-sm"
          >
            {text}
          </button>
        ))}
      </div>
      <TextField
        label="Search messages"
        type="search"
        placeholder="Subject, content or sender"
        value={filters.query}
        onChange={(e) => set({ query: e.target.value })}
      />
      <div className="grid grid-cols-2 gap-2">
        <SelectField
          label="Category"
          options={CATEGORY_OPTIONS}
          value={filters.category}
          onChange={(e) => set({ category: e.target.value })}
        />
        <SelectField
          label="Priority"
          options={PRIORITY_OPTIONS}
          value={filters.priority}
          onChange={(e) => set({ priority: e.target.value })}
        />
      </div>
      {shown.length === 0 ? (
        <EmptyState title="No Messages" text={emptyHint(filters)} />
      ) : (
        <>
          <ul aria-label="Messages" className="flex flex-col gap-2">
            {paged.visible.map((m) => (
              <li key={m.id}>
                <MessageCard
                  message={m}
                  person={people.get(counterpartId(m, me))}
                  sentByMe={m.senderId === me}
                  unread={isUnread(m, me)}
                  selected={m.id === selectedId}
                  pending={isPending(m)}
                  onSelect={() => onSelect(m)}
                />
              </li>
            ))}
          </ul>
          <ShowMore shown={paged.visible.length} total={paged.total} noun="messages" onMore={paged.showMore} />
        </>
      )}
    </div>
  );
}
