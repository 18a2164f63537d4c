import { type FormEvent, useMemo, useState } from 'react';

import type { ClinicalSiteRoutes } from '#api/routes/clinical-sites/index.ts';
import { siteEmailSchema } from '#schema/clinical-site.ts';
import { fieldErrors } from '#schema/common.ts';
import type { Role } from '#schema/enums.ts';
import { compareText } from '#schema/names.ts';
import { can } from '#schema/permissions.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { apiClient } from '#web/lib/api.ts';
import { useRows } from '#web/lib/data.ts';
import { Badge, Card, EmptyState, Loading } from '#web/lib/ui/display.tsx';
import { CheckboxField, SelectField, TextField } from '#web/lib/ui/fields.tsx';
import { ConfirmDialog } from '#web/lib/ui/modal.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { toast } from '#web/lib/ui/toasts.tsx';
import { useWriter } from '#web/lib/write.ts';

const siteEmailsApi = apiClient<ClinicalSiteRoutes>()['clinical-sites'][':id'].emails;

type SiteEmail = DomainRows['siteEmails'];
const EMPTY = { clinicalSiteId: '', emailAddress: '', contactName: '', primary: false };

/** The e-mail addresses each site is written to; site managers add and remove them. */
export function EmailManagementTab({ role, sites }: { role: Role; sites: DomainRows['clinicalSites'][] }) {
  const emails = useRows('siteEmails');
  const [removing, setRemoving] = useState<SiteEmail | null>(null);
  const { online } = useWriter();
  const sorted = useMemo(() => [...sites].sort((a, b) => compareText(a.name, b.name)), [sites]);
  const bySite = useMemo(() => {
    const map = new Map<string, SiteEmail[]>();
    for (const e of emails ?? []) map.set(e.clinicalSiteId, [...(map.get(e.clinicalSiteId) ?? []), e]);
    for (const list of map.values()) {
      list.sort((a, b) =>
        a.emailType === b.emailType ? a.emailAddress.localeCompare(b.emailAddress) : a.emailType === 'primary' ? -1 : 1,
      );
    }
    return map;
  }, [emails]);

  if (!can(role, 'staff.read'))
    return <EmptyState title="Site e-mail addresses" text="Site contact addresses are available to staff only." />;
  if (!emails) return <Loading />;
  const canManage = can(role, 'sites.manage');
  const remove = async (e: SiteEmail) => {
    await online(() => siteEmailsApi[':emailId'].$delete({ param: { id: e.clinicalSiteId, emailId: e.id } }), {
      success: 'Email address removed successfully',
      failure: 'Failed to remove email address',
    });
  };

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      {canManage && <AddEmailForm sites={sorted} />}
      <ul aria-label="Site e-mail addresses" className={`flex flex-col gap-3 ${canManage ? '' : 'lg:col-span-2'}`}>
        {sorted.map((site) => {
          const list = bySite.get(site.id) ?? [];
          return (
            <li key={site.id}>
              <Card>
                <h3 className="font-semibold text-slate-900">{site.name}</h3>
                {list.length === 0 ? (
                  <p className="mt-1 text-sm text-slate-600">No e-mail addresses yet.</p>
                ) : (
                  <ul
                    aria-label={`E-mail addresses of ${site.name}`}
                    className="mt-2 flex flex-col divide-y divide-slate-100"
                  >
                    {list.map((e) => (
                      <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                        <span className="min-w-0">
                          <a
                            className="block font-medium break-all text-slate-900 underline-offset-2 hover:underline"
                            href={`mailto:${e.emailAddress}`}
                          >
                            {e.emailAddress}
                          </a>
                          {e.contactName && <span className="block text-sm text-slate-600">{e.contactName}</span>}
                        </span>
                        <span className="flex items-center gap-2">
                          <Badge tone={e.emailType === 'primary' ? 'blue' : 'slate'}>
                            {e.emailType === 'primary' ? 'Primary' : 'Secondary'}
                          </Badge>
                          {!e.isActive && <Badge>Inactive</Badge>}
                          {canManage && (
                            <button
                              type="button"
                              className={buttonClass('ghost', 'text-red-700')}
                              aria-label={`Remove ${e.emailAddress}`}
                              onClick={() => setRemoving(e)}
                            >
                              Remove
                            </button>
                          )}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </Card>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        title="Remove Email Address"
        message={`Remove ${removing?.emailAddress ?? 'this address'}? The site will no longer be written to at this address.`}
        confirmLabel="Remove"
        onConfirm={() => (removing ? remove(removing) : undefined)}
        onClose={() => setRemoving(null)}
      />
    </div>
  );
}

/** Add Email: the shared schema's messages ('Please select a clinical site', 'Please fill in all required fields') as toasts and under the fields. */
export function AddEmailForm({ sites }: { sites: DomainRows['clinicalSites'][] }) {
  const { online } = useWriter();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = siteEmailSchema.safeParse({
      clinicalSiteId: values.clinicalSiteId,
      emailAddress: values.emailAddress,
      contactName: values.contactName,
      emailType: values.primary ? 'primary' : 'secondary',
      isActive: true,
    });
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error);
      setErrors(fields);
      toast.error(Object.values(fields)[0]);
      return;
    }
    setErrors({});
    setBusy(true);
    const result = await online(
      () => siteEmailsApi.$post({ param: { id: parsed.data.clinicalSiteId }, json: parsed.data }),
      { success: 'Email address added successfully', failure: 'Failed to add email address' },
    );
    setBusy(false);
    if (result.ok) setValues(EMPTY);
    else setErrors(result.fields);
  };

  return (
    <Card className="h-fit">
      <h3 className="mb-3 font-semibold text-slate-900">Add Email Address</h3>
      <form onSubmit={submit} noValidate aria-label="Add email address" className="flex flex-col gap-3">
        <SelectField
          label="Clinical Site"
          placeholder="Select a clinical site"
          value={values.clinicalSiteId}
          error={errors.clinicalSiteId}
          options={sites.map((s) => [s.id, s.name] as const)}
          onChange={(e) => setValues({ ...values, clinicalSiteId: e.target.value })}
        />
        <TextField
          label="Email Address"
          type="email"
          autoComplete="off"
          value={values.emailAddress}
          error={errors.emailAddress}
          onChange={(e) => setValues({ ...values, emailAddress: e.target.value })}
        />
        <TextField
          label="Contact Name"
          value={values.contactName}
          error={errors.contactName}
          onChange={(e) => setValues({ ...values, contactName: e.target.value })}
        />
        <CheckboxField
          label="Primary contact address"
          checked={values.primary}
          onChange={(e) => setValues({ ...values, primary: e.target.checked })}
        />
        <button type="submit" className={buttonClass('primary')} disabled={busy}>
          {busy ? 'Adding...' : 'Add Email'}
        </button>
      </form>
    </Card>
  );
}
