import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { Link } from '@tanstack/react-router';

import { can } from '#schema/permissions.ts';
import { plural } from '#web/lib/format.ts';
import { useLiveQuery } from '#web/lib/live-query.ts';
import type { CurrentUser } from '#web/lib/session.tsx';
import { useSync } from '#web/lib/sync.tsx';

/** What waits for this user: unread messages, and for reviewers the pending requests. The badge counts both. */
export function Notifications({ user }: { user: CurrentUser }) {
  const { db } = useSync();
  const reviewer = can(user.role, 'requests.review');
  const counts = useLiveQuery(
    async () => ({
      unread: (await db.rows('messages').where('recipientId').equals(user.id).toArray()).filter((m) => !m.isRead)
        .length,
      pending: reviewer ? (await db.rows('requests').toArray()).filter((r) => r.status === 'pending').length : 0,
    }),
    [db, user.id, reviewer],
  ) ?? { unread: 0, pending: 0 };
  const total = counts.unread + counts.pending;
  return (
    <Menu as="div" className="relative">
      <MenuButton
        aria-label={`Notifications: ${total}`}
        className="relative flex min-h-11 min-w-11 items-center justify-center rounded-lg hover:bg-slate-100"
      >
        <svg aria-hidden viewBox="0 0 24 24" className="h-6 w-6 fill-none stroke-slate-700 stroke-2">
          <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0" />
        </svg>
        {total > 0 && (
          <span
            data-testid="notification-badge"
            className="absolute right-1 top-1 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-bold text-white"
          >
            {total}
          </span>
        )}
      </MenuButton>
      <MenuItems anchor="bottom end" className="z-30 w-64 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
        <MenuItem>
          <Link
            to={'/messages' as string}
            className="flex min-h-11 items-center rounded px-3 text-sm data-[focus]:bg-brand-50"
          >
            {counts.unread === 0 ? 'No unread messages' : plural(counts.unread, 'unread message')}
          </Link>
        </MenuItem>
        {reviewer && (
          <MenuItem>
            <Link
              to={'/request-management' as string}
              className="flex min-h-11 items-center rounded px-3 text-sm data-[focus]:bg-brand-50"
            >
              {counts.pending === 0 ? 'No requests to review' : `${plural(counts.pending, 'request')} to review`}
            </Link>
          </MenuItem>
        )}
      </MenuItems>
    </Menu>
  );
}
