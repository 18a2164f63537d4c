/** Messages (/messages): read and written on the device, so it works with no signal; sends wait in the outbox. */
import { useMemo, useState } from 'react';

import { byPersonName } from '#schema/names.ts';
import { usePendingKeys, useRows } from '#web/lib/data.ts';
import { useSession } from '#web/lib/session.tsx';
import { entityKey } from '#web/lib/sync-client.ts';
import { Loading } from '#web/lib/ui/display.tsx';
import { ConfirmDialog } from '#web/lib/ui/modal.tsx';
import { useChangeMessageFlag, useMarkMessageRead, useSendMessage } from '#web/lib/writes/messages.ts';

import { ComposeDialog, type ComposeDraft, type ComposeValues } from './compose-dialog.tsx';
import { MessageDetail } from './message-detail.tsx';
import { MessageList } from './message-list.tsx';
import {
  type DeviceMessage,
  isUnread,
  type MessageFilters,
  NO_FILTERS,
  peopleOf,
  personName,
  replySubject,
} from './message-rules.ts';

export function MessagesPage() {
  const session = useSession();
  const me = session.status === 'signed-in' ? session.user.id : '';
  // the device keeps each user's own star and archive flags (see DeviceMessage)
  const messages = useRows('messages');
  const users = useRows('users');
  const pendingKeys = usePendingKeys();
  const markRead = useMarkMessageRead();
  const sendMessage = useSendMessage();
  const changeFlag = useChangeMessageFlag();

  const [filters, setFilters] = useState<MessageFilters>(NO_FILTERS);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [compose, setCompose] = useState<{ draft?: ComposeDraft } | null>(null);
  const [deleting, setDeleting] = useState<DeviceMessage | null>(null);

  const people = useMemo(() => peopleOf(users ?? []), [users]);
  const recipients = useMemo(
    () => (users ?? []).filter((u) => u.id !== me && u.isActive).sort(byPersonName),
    [users, me],
  );

  if (!messages || !users) return <Loading text="Loading messages..." />;

  const selected = messages.find((m) => m.id === selectedId);
  const isPending = (m: DeviceMessage) => pendingKeys.has(entityKey('messages', m.id));

  const select = (m: DeviceMessage) => {
    setSelectedId(m.id);
    if (isUnread(m, me)) markRead(m.id);
  };

  const send = async (values: ComposeValues) => {
    const id = crypto.randomUUID();
    const sent = await sendMessage({ ...values, id });
    if (sent) {
      setFilters((f) => ({ ...f, mailbox: 'sent' }));
      setSelectedId(id);
    }
    return sent;
  };

  const reply = (m: DeviceMessage) => {
    const to = m.senderId === me ? m.recipientId : m.senderId;
    setCompose({ draft: { recipientId: to, subject: replySubject(m.subject) } });
  };

  return (
    <section className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className={selected ? 'hidden lg:block' : ''}>
        <MessageList
          messages={messages}
          me={me}
          people={people}
          filters={filters}
          onFiltersChange={setFilters}
          selectedId={selected?.id ?? null}
          isPending={isPending}
          onSelect={select}
          onCompose={() => setCompose({})}
        />
      </div>
      <div className={selected ? '' : 'hidden lg:block'}>
        {selected ? (
          <div className="flex flex-col gap-3 lg:sticky lg:top-28">
            <button
              type="button"
              onClick={() => setSelectedId(null)}
              className="flex min-h-11 items-center gap-2 self-start rounded-lg px-2 text-sm font-semibold text-brand-700 hover:bg-slate-100 lg:hidden"
            >
              <span aria-hidden>←</span> Back to messages
            </button>
            <MessageDetail
              message={selected}
              sender={people.get(selected.senderId)}
              recipient={people.get(selected.recipientId)}
              sentByMe={selected.senderId === me}
              pending={isPending(selected)}
              actions={{
                onReply: () => reply(selected),
                onToggleStar: () => void changeFlag(selected.id, selected.isStarred ? 'unstar' : 'star'),
                onToggleArchive: () => void changeFlag(selected.id, selected.isArchived ? 'unarchive' : 'archive'),
                onDelete: () => setDeleting(selected),
              }}
            />
          </div>
        ) : (
          <div className="flex h-full min-h-64 flex-col items-center justify-center rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
            <p className="font-semibold text-slate-800">Select a Message</p>
            <p className="mt-1 text-sm text-slate-600">Choose a message from the list to read it here.</p>
          </div>
        )}
      </div>
      {compose && (
        <ComposeDialog recipients={recipients} draft={compose.draft} onSend={send} onClose={() => setCompose(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Message"
        message={`Delete "${deleting?.subject ?? ''}"? It is removed from your messages only; ${deleting ? personName(people.get(deleting.senderId === me ? deleting.recipientId : deleting.senderId)) : 'the other person'} keeps their copy.`}
        onConfirm={async () => {
          if (!deleting) return;
          if (await changeFlag(deleting.id, 'delete')) setSelectedId(null);
        }}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
