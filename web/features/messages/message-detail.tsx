import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';

import { MESSAGE_CATEGORY_LABELS, MESSAGE_PRIORITY_LABELS } from '#schema/enums.ts';
import { Badge, Card } from '#web/lib/ui/display.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

import { CategoryIcon } from './category-icon.tsx';
import {
  canReplyTo,
  type DeviceMessage,
  fullDateTime,
  label,
  type MessagePriority,
  type Party,
  personName,
  personRole,
  PRIORITY_TONES,
} from './message-rules.ts';

export interface MessageActions {
  onReply: () => void;
  onToggleStar: () => void;
  onToggleArchive: () => void;
  onDelete: () => void;
}

const itemClass = 'block w-full min-h-11 px-4 text-left text-sm text-slate-800 data-[focus]:bg-slate-100';

/** The selected message in full, with the user's own actions on it (star, archive and delete affect only their view). */
export function MessageDetail({
  message: m,
  sender,
  recipient,
  sentByMe,
  pending,
  actions,
}: {
  message: DeviceMessage;
  sender: Party | undefined;
  recipient: Party | undefined;
  sentByMe: boolean;
  pending: boolean;
  actions: MessageActions;
}) {
  const other = sentByMe ? recipient : sender;
  return (
    <Card className="flex flex-col gap-4">
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 break-words text-lg font-semibold text-slate-900">{m.subject}</h3>
        <Menu>
          <MenuButton
            aria-label="Message actions"
            className="flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-lg border border-slate-300 text-xl leading-none text-slate-700 hover:bg-slate-50"
          >
            ⋯
          </MenuButton>
          <MenuItems
            anchor="bottom end"
            className="z-30 w-44 rounded-xl border border-slate-200 bg-white py-1 shadow-lg focus:outline-none"
          >
            {canReplyTo(other) && (
              <MenuItem>
                <button type="button" className={itemClass} onClick={actions.onReply}>
                  Reply
                </button>
              </MenuItem>
            )}
            <MenuItem>
              <button type="button" className={itemClass} onClick={actions.onToggleStar}>
                {m.isStarred ? 'Unstar' : 'Star'}
              </button>
            </MenuItem>
            <MenuItem>
              <button type="button" className={itemClass} onClick={actions.onToggleArchive}>
                {m.isArchived ? 'Move to Inbox' : 'Archive'}
              </button>
            </MenuItem>
            <MenuItem>
              <button type="button" className={`${itemClass} text-red-700!`} onClick={actions.onDelete}>
                Delete
              </button>
            </MenuItem>
          </MenuItems>
        </Menu>
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-600">From</dt>
        <dd className="text-slate-900">
          {personName(sender)} <span className="capitalize text-slate-600">({personRole(sender)})</span>
        </dd>
        <dt className="font-medium text-slate-600">To</dt>
        <dd className="text-slate-900">{personName(recipient)}</dd>
        <dt className="font-medium text-slate-600">Date</dt>
        <dd className="text-slate-900">{fullDateTime(m.createdAt)}</dd>
      </dl>
      <div className="flex flex-wrap items-center gap-2">
        <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800">
          <CategoryIcon category={m.category} className="h-3.5 w-3.5" />
          {label(MESSAGE_CATEGORY_LABELS, m.category)}
        </span>
        <Badge tone={PRIORITY_TONES[m.priority as MessagePriority] ?? 'slate'}>
          {label(MESSAGE_PRIORITY_LABELS, m.priority)} priority
        </Badge>
        {m.isStarred && <Badge tone="yellow">★ Starred</Badge>}
        {m.isArchived && <Badge>Archived</Badge>}
        {pending && <Badge tone="yellow">Pending sync</Badge>}
      </div>
      <p className="whitespace-pre-line break-words border-t border-slate-200 pt-4 text-slate-800">{m.content}</p>
      {canReplyTo(other) && (
        <div>
          <button type="button" className={buttonClass()} onClick={actions.onReply}>
            Reply to {personName(other)}
          </button>
        </div>
      )}
    </Card>
  );
}
