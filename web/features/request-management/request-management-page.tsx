/**
 * Request Management (/request-management): pending counts, one tab per kind, and for reviewers approve and deny
 * (online: approving changes memberships and roles on the server, which the device then syncs).
 */
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useMemo, useState } from 'react';

import type { RequestRoutes } from '#api/routes/requests/index.ts';
import { can } from '#schema/permissions.ts';
import { apiClient } from '#web/lib/api.ts';
import { usePendingKeys, useRows } from '#web/lib/data.ts';
import { useSession } from '#web/lib/session.tsx';
import { entityKey } from '#web/lib/sync-client.ts';
import { Loading, PageHeader, Tile } from '#web/lib/ui/display.tsx';
import { ConfirmDialog } from '#web/lib/ui/modal.tsx';
import { useWriter } from '#web/lib/write.ts';

import {
  KIND_LABELS,
  MANAGED_KINDS,
  pendingCounts,
  type RequestView,
  rowPermissions,
  toRequestViews,
} from '../requests/index.ts';
import { type Decision, DELETE_OUTCOME, reviewOutcome } from './outcomes.ts';
import { RequestTable } from './request-table.tsx';
import { ReviewDialog } from './review-dialog.tsx';

const requestApi = apiClient<RequestRoutes>().requests[':kind'][':id'];

export function RequestManagementPage() {
  const session = useSession();
  const me = session.status === 'signed-in' ? session.user.id : '';
  const role = session.status === 'signed-in' ? session.user.role : 'student';
  const requests = useRows('requests');
  const users = useRows('users');
  const programs = useRows('programs');
  const students = useRows('students');
  const sites = useRows('clinicalSites');
  const pendingKeys = usePendingKeys();
  const { online } = useWriter();
  const [reviewing, setReviewing] = useState<{ request: RequestView; decision: Decision } | null>(null);
  const [deleting, setDeleting] = useState<RequestView | null>(null);

  const views = useMemo(
    () =>
      requests && users && programs && students && sites
        ? toRequestViews(requests, { users, programs, students, sites })
        : undefined,
    [requests, users, programs, students, sites],
  );
  if (!views) return <Loading text="Loading requests..." />;

  const counts = pendingCounts(views);
  const param = (r: RequestView) => ({ kind: r.kind, id: r.id });
  const review = async (r: RequestView, decision: Decision, reviewNotes: string | null) =>
    (
      await online(
        () =>
          decision === 'deny'
            ? // the dialog sends a denial only with its reason (denySchema); none would get the server's same message
              requestApi.deny.$post({ param: param(r), json: { reviewNotes: reviewNotes ?? '' } })
            : requestApi.approve.$post({ param: param(r), json: { reviewNotes } }),
        reviewOutcome(r.kind, decision),
      )
    ).ok;
  const remove = async (r: RequestView) => {
    await online(() => requestApi.$delete({ param: param(r) }), DELETE_OUTCOME);
  };
  const actions = {
    permissions: (r: RequestView) => rowPermissions(role, me, r, pendingKeys.has(entityKey('requests', r.id))),
    onReview: (request: RequestView, decision: Decision) => setReviewing({ request, decision }),
    onDelete: setDeleting,
  };

  return (
    <section className="flex flex-col gap-4">
      <PageHeader
        title="Request Management"
        description={
          can(role, 'requests.review')
            ? 'Review program enrollment, role change and preceptor requests.'
            : 'Your requests and where they stand.'
        }
      />
      <div className="grid gap-3 sm:grid-cols-3">
        {MANAGED_KINDS.map((k) => (
          <Tile key={k} label={`Pending ${KIND_LABELS[k]} Requests`} value={counts[k]} />
        ))}
      </div>
      <TabGroup>
        <TabList className="grid grid-cols-1 gap-1 rounded-xl bg-slate-100 p-1 sm:flex sm:w-fit">
          {MANAGED_KINDS.map((k) => (
            <Tab
              key={k}
              className="flex min-h-11 items-center justify-between gap-2 rounded-lg px-3 text-sm font-semibold text-slate-700 hover:bg-white/60 focus-visible:outline-none data-[focus]:outline-3 data-[focus]:outline-brand-600 data-[selected]:bg-white data-[selected]:text-brand-700 data-[selected]:shadow-sm"
            >
              {KIND_LABELS[k]}
              <span
                aria-label={`${counts[k]} pending`}
                className={`rounded-full px-2 py-0.5 text-xs ${counts[k] ? 'bg-amber-100 text-amber-900' : 'bg-slate-200 text-slate-700'}`}
              >
                {counts[k]}
              </span>
            </Tab>
          ))}
        </TabList>
        <TabPanels className="pt-4">
          {MANAGED_KINDS.map((k) => (
            <TabPanel key={k}>
              <RequestTable kind={k} requests={views.filter((r) => r.kind === k)} actions={actions} />
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
      {reviewing && (
        <ReviewDialog
          key={`${reviewing.request.id}-${reviewing.decision}`}
          request={reviewing.request}
          decision={reviewing.decision}
          onSubmit={(notes) => review(reviewing.request, reviewing.decision, notes)}
          onClose={() => setReviewing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Request"
        message={`Delete this ${deleting ? KIND_LABELS[deleting.kind].toLowerCase() : ''} request? It is removed for everyone, whatever its status.`}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
