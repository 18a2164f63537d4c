import { MESSAGE_PRIORITY_LABELS } from '#schema/enums.ts';
import { Badge } from '#web/lib/ui/display.tsx';

import { CategoryIcon } from './category-icon.tsx';
import {
  cardDate,
  type DeviceMessage,
  label,
  type MessagePriority,
  type Party,
  personInitials,
  personName,
  personRole,
  PRIORITY_TONES,
} from './message-rules.ts';

/** One message in the list: who, priority, category, a two-line preview, date; unread ones stand out. */
export function MessageCard({
  message: m,
  person,
  sentByMe,
  unread,
  selected,
  pending,
  onSelect,
}: {
  message: DeviceMessage;
  /** The sender, or for a message the user sent, its recipient. */
  person: Party | undefined;
  sentByMe: boolean;
  unread: boolean;
  selected: boolean;
  pending: boolean;
  onSelect: () => void;
}) {
  const name = personName(person);
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-current={selected || undefined}
      className={`flex w-full gap-3 rounded-xl border p-3 text-left transition-colors ${
        selected
          ? 'border-brand-600 bg-brand-50'
          : unread
            ? 'border-blue-200 bg-blue-50/60 hover:bg-blue-50'
            : 'border-slate-200 bg-white hover:bg-slate-50'
      }`}
    >
      <span
        aria-hidden
        className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${unread ? 'bg-brand-700 text-white' : 'bg-slate-200 text-slate-700'}`}
      >
        {personInitials(person)}
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="flex items-start justify-between gap-2">
          <span className="min-w-0">
            <span className={`block truncate ${unread ? 'font-bold text-slate-900' : 'font-medium text-slate-800'}`}>
              {sentByMe ? `To ${name}` : name}
            </span>
            <span className="block text-xs capitalize text-slate-600">{personRole(person)}</span>
          </span>
          <span className="flex shrink-0 flex-col items-end gap-1">
            <span className="text-xs text-slate-600">{cardDate(m.createdAt)}</span>
            <span className="flex items-center gap-1">
              {unread && <Badge tone="blue">New</Badge>}
              <Badge tone={PRIORITY_TONES[m.priority as MessagePriority] ?? 'slate'}>
                {label(MESSAGE_PRIORITY_LABELS, m.priority)}
              </Badge>
            </span>
          </span>
        </span>
        <span className="flex items-center gap-2">
          <CategoryIcon category={m.category} />
          <span className={`truncate text-sm ${unread ? 'font-semibold text-slate-900' : 'text-slate-800'}`}>
            {m.subject}
          </span>
          {m.isStarred && (
            <span className="text-amber-600" aria-label="Starred">
              ★
            </span>
          )}
        </span>
        <span className="line-clamp-2 text-sm text-slate-600">{m.content}</span>
        {pending && (
          <span className="self-start">
            <Badge tone="yellow">Pending sync</Badge>
          </span>
        )}
      </span>
    </button>
  );
}
