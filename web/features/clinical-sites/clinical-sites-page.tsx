import { useMemo, useState } from 'react';

import type { ClinicalSiteRoutes } from '#api/routes/clinical-sites/index.ts';
import type { RequestRoutes } from '#api/routes/requests/index.ts';
import { PROGRAM_TYPES } from '#schema/enums.ts';
import { compareText } from '#schema/names.ts';
import { can } from '#schema/permissions.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { apiClient } from '#web/lib/api.ts';
import { usePendingKeys, useRows } from '#web/lib/data.ts';
import { useSession } from '#web/lib/session.tsx';
import { entityKey } from '#web/lib/sync-client.ts';
import { EmptyState, Loading, PageHeader } from '#web/lib/ui/display.tsx';
import { SelectField, TextField } from '#web/lib/ui/fields.tsx';
import { ConfirmDialog } from '#web/lib/ui/modal.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { useWriter } from '#web/lib/write.ts';
import { useFileSitePreceptorRequest } from '#web/lib/writes/requests.ts';

import { PreceptorRequestDialog } from './preceptor-request-dialog.tsx';
import { toSitePreceptorRequests } from './preceptor-requests.ts';
import { PreceptorReviewPanel, type ReviewAction } from './review-panel.tsx';
import { SiteCard } from './site-card.tsx';
import { SiteFormDialog, type SiteFormValues } from './site-form-dialog.tsx';
import { filterSites, programLabel, siteTypeOptions } from './site-rules.ts';
import { useCurrentStudents } from './use-current-students.ts';

const sitesApi = apiClient<ClinicalSiteRoutes>()['clinical-sites'];
const preceptorRequestsApi = apiClient<RequestRoutes>()['preceptor-requests'];

type Site = DomainRows['clinicalSites'];

const PROGRAM_OPTIONS = PROGRAM_TYPES.map((p) => [p, programLabel(p)] as const);

export function ClinicalSitesPage({ initialQuery = '' }: { initialQuery?: string }) {
  const session = useSession();
  const user = session.status === 'signed-in' ? session.user : null;
  const role = user?.role ?? 'student';
  const sites = useRows('clinicalSites');
  const requests = useRows('requests');
  const students = useRows('students');
  const pendingKeys = usePendingKeys();
  const currentStudents = useCurrentStudents(role, requests, students, sites);
  const { online } = useWriter();
  const fileRequest = useFileSitePreceptorRequest();

  const [query, setQuery] = useState(initialQuery);
  // a new ?q= while the page is open (the header search) starts the search over, in this render rather than the next
  const [seenQuery, setSeenQuery] = useState(initialQuery);
  if (initialQuery !== seenQuery) {
    setSeenQuery(initialQuery);
    setQuery(initialQuery);
  }
  const [type, setType] = useState('all');
  const [program, setProgram] = useState('all');
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Site | null>(null);
  const [deleting, setDeleting] = useState<Site | null>(null);
  const [requesting, setRequesting] = useState<Site | null>(null);

  const sorted = useMemo(() => [...(sites ?? [])].sort((a, b) => compareText(a.name, b.name)), [sites]);
  const shown = filterSites(sorted, { query, type, program });
  const preceptorRequests = useMemo(
    () => toSitePreceptorRequests(requests ?? [], students ?? [], sites ?? []),
    [requests, students, sites],
  );
  const unsynced = useMemo(
    () => new Set(preceptorRequests.filter((r) => pendingKeys.has(entityKey('requests', r.id))).map((r) => r.id)),
    [preceptorRequests, pendingKeys],
  );
  const canManage = can(role, 'sites.manage');
  const isStudent = role === 'student';
  const ownStudent = isStudent ? ((students ?? []).find((s) => s.userId === user?.id) ?? null) : undefined;

  if (!sites || !requests || !students) return <Loading text="Loading clinical sites..." />;

  const saveSite = (site: Site | null) => (values: SiteFormValues) =>
    site
      ? online(() => sitesApi[':id'].$put({ param: { id: site.id }, json: values }), {
          success: 'Clinical site updated successfully',
          failure: 'Failed to update clinical site',
        })
      : online(() => sitesApi.$post({ json: values }), {
          success: 'Clinical site created successfully',
          failure: 'Failed to create clinical site',
        });

  const deleteSite = async (site: Site) => {
    await online(() => sitesApi[':id'].$delete({ param: { id: site.id } }), {
      success: 'Clinical site deleted successfully',
      failure: 'Failed to delete clinical site',
    });
  };

  const review = async (id: string, action: ReviewAction, reviewNotes: string) => {
    const result = await online(
      () =>
        preceptorRequestsApi[':id'].review.$post({ param: { id }, json: { action, reviewNotes, approvalLevel: role } }),
      { success: action === 'approve' ? 'Request Approved' : 'Request Denied', failure: 'Failed to process request' },
    );
    return result.ok;
  };

  const filtered = query.trim() !== '' || type !== 'all' || program !== 'all';
  return (
    <section>
      <PageHeader
        title="Clinical Sites"
        description="Training sites, their capacity and requirements"
        actions={
          canManage && (
            <button type="button" className={buttonClass()} onClick={() => setAdding(true)}>
              Add Clinical Site
            </button>
          )
        }
      />
      <PreceptorReviewPanel role={role} requests={preceptorRequests} pendingSync={unsynced} onReview={review} />
      <div className="mb-4 grid gap-3 sm:grid-cols-3">
        <TextField
          label="Search sites"
          type="search"
          placeholder="Name, city or contact person"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <SelectField
          label="Site type"
          value={type}
          onChange={(e) => setType(e.target.value)}
          options={[['all', 'All Types'], ...siteTypeOptions(sorted).map((t) => [t, t] as const)]}
        />
        <SelectField
          label="Program"
          value={program}
          onChange={(e) => setProgram(e.target.value)}
          options={[['all', 'All Programs'], ...PROGRAM_OPTIONS]}
        />
      </div>
      {shown.length === 0 ? (
        <EmptyState
          title={filtered ? 'No clinical sites found' : 'No clinical sites yet'}
          text={
            filtered
              ? 'Try another search or filter.'
              : canManage
                ? 'Add the first site with Add Clinical Site.'
                : undefined
          }
        />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
          {shown.map((site) => (
            <li key={site.id}>
              <SiteCard
                site={site}
                currentStudents={currentStudents.get(site.id) ?? 0}
                canManage={canManage}
                onRequest={() => setRequesting(site)}
                onEdit={() => setEditing(site)}
                onDelete={() => setDeleting(site)}
              />
            </li>
          ))}
        </ul>
      )}
      {canManage && <SiteFormDialog open={adding} onClose={() => setAdding(false)} onSave={saveSite(null)} />}
      {editing && (
        <SiteFormDialog
          key={editing.id}
          site={editing}
          open
          onClose={() => setEditing(null)}
          onSave={saveSite(editing)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Clinical Site"
        message={`Delete ${deleting?.name ?? 'this site'}? Its contact e-mail addresses are removed too; hours and requests recorded there are kept.`}
        onConfirm={() => (deleting ? deleteSite(deleting) : undefined)}
        onClose={() => setDeleting(null)}
      />
      {requesting && (
        <PreceptorRequestDialog
          key={requesting.id}
          sites={sorted}
          siteId={requesting.id}
          students={isStudent ? undefined : students}
          ownStudent={ownStudent}
          onSubmit={fileRequest}
          onClose={() => setRequesting(null)}
        />
      )}
    </section>
  );
}
