import { useState } from 'react';

import type { ClinicalSiteRoutes } from '#api/routes/clinical-sites/index.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { apiClient } from '#web/lib/api.ts';
import { plural } from '#web/lib/format.ts';
import { Badge, EmptyState } from '#web/lib/ui/display.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { useWriter } from '#web/lib/write.ts';

import { sortedByName } from './record-lists.ts';
import { type ManagementSiteValues, SiteCreateDialog } from './site-create-dialog.tsx';

const sitesApi = apiClient<ClinicalSiteRoutes>()['clinical-sites'];

type Site = DomainRows['clinicalSites'];

export function SitesTab({ sites }: { sites: readonly Site[] }) {
  const { online } = useWriter();
  const [adding, setAdding] = useState(false);
  const create = (values: ManagementSiteValues) =>
    online(() => sitesApi.$post({ json: values }), {
      success: 'Clinical site created successfully',
      failure: 'Failed to create clinical site',
    });

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h3 className="text-lg font-semibold text-slate-900">Clinical Sites</h3>
          <p className="text-sm text-slate-600">{plural(sites.length, 'site')}</p>
        </div>
        <button type="button" className={buttonClass()} onClick={() => setAdding(true)}>
          Add Clinical Site
        </button>
      </div>
      {sites.length === 0 ? (
        <EmptyState title="No clinical sites yet" text="Add the first site with Add Clinical Site." />
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {sortedByName(sites).map((s) => (
            <li key={s.id} className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex flex-wrap items-center gap-2">
                <h4 className="font-semibold text-slate-900">{s.name}</h4>
                <Badge>{s.type.replace(/_/g, ' ')}</Badge>
                {!s.isActive && <Badge tone="red">Inactive</Badge>}
              </div>
              <p className="text-sm text-slate-700">{[s.address, s.city, s.state].filter(Boolean).join(', ')}</p>
              <p className="text-sm text-slate-600">
                {[s.contactPerson, s.email, `capacity ${s.maxStudents}`].filter(Boolean).join(' · ')}
              </p>
              {s.specialties.length > 0 && <p className="text-xs text-slate-600">{s.specialties.join(', ')}</p>}
            </li>
          ))}
        </ul>
      )}
      <SiteCreateDialog open={adding} onClose={() => setAdding(false)} onSave={create} />
    </div>
  );
}
