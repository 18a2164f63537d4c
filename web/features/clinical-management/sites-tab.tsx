import { type ReactNode, useMemo, useRef, useState } from 'react';

import { compareText } from '#schema/names.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { barPercent, capacityTone, fullName, plural } from '#web/lib/format.ts';
import { Badge, Card, EmptyState, ProgressBar } from '#web/lib/ui/display.tsx';

import { fullAddress, programLabel, siteTypeLabel } from '../clinical-sites/index.ts';
import { currentStudentsAt, SITE_DETAIL_STUDENTS, verifiedHoursAt } from './clinical-rules.ts';
import type { ClinicalLookups } from './lookups.ts';

type Site = DomainRows['clinicalSites'];

/** Every site with its capacity; choosing one shows its details and up to five of its current students. */
export function SitesTab({
  sites,
  requests,
  hours,
  lookups,
}: {
  sites: Site[];
  requests: DomainRows['requests'][];
  hours: DomainRows['clinicalHours'][];
  lookups: ClinicalLookups;
}) {
  const sorted = useMemo(() => [...sites].sort((a, b) => compareText(a.name, b.name)), [sites]);
  const current = useMemo(() => {
    const now = new Date();
    return new Map(sorted.map((s) => [s.id, currentStudentsAt(s.id, requests, lookups.students, now)]));
  }, [sorted, requests, lookups]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = sorted.find((s) => s.id === selectedId) ?? sorted[0];
  const panel = useRef<HTMLDivElement>(null);

  if (sorted.length === 0)
    return (
      <EmptyState title="No clinical sites yet" text="Sites added here or on the Clinical Sites screen appear here." />
    );
  const choose = (id: string) => {
    setSelectedId(id);
    if (window.matchMedia?.('(max-width: 1023px)').matches)
      panel.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  };
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <ul aria-label="Clinical sites" className="flex flex-col gap-2">
        {sorted.map((site) => {
          const count = current.get(site.id)?.length ?? 0;
          return (
            <li key={site.id}>
              <button
                type="button"
                aria-pressed={site.id === selected.id}
                onClick={() => choose(site.id)}
                className={`flex min-h-11 w-full items-center gap-3 rounded-xl border p-3 text-left ${site.id === selected.id ? 'border-brand-700 bg-brand-50' : 'border-slate-200 bg-white hover:bg-slate-50'}`}
              >
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-slate-900">{site.name}</span>
                  <span className="block text-sm text-slate-600">
                    {siteTypeLabel(site.type)}
                    {site.city && ` · ${site.city}`}
                  </span>
                </span>
                <span className="flex shrink-0 flex-col items-end gap-1">
                  {!site.isActive && <Badge>Inactive</Badge>}
                  <Badge tone={capacityTone(count, site.maxStudents)}>
                    {count}/{site.maxStudents}
                  </Badge>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <div ref={panel} className="scroll-mt-4">
        <SiteDetail site={selected} students={current.get(selected.id) ?? []} hours={hours} />
      </div>
    </div>
  );
}

function SiteDetail({
  site,
  students,
  hours,
}: {
  site: Site;
  students: DomainRows['students'][];
  hours: DomainRows['clinicalHours'][];
}) {
  const tone = capacityTone(students.length, site.maxStudents);
  const logged = verifiedHoursAt(hours, site.id);
  const shown = students.slice(0, SITE_DETAIL_STUDENTS);
  return (
    <Card className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="text-lg font-semibold text-slate-900">{site.name}</h3>
          <p className="text-sm text-slate-600">{siteTypeLabel(site.type)}</p>
        </div>
        <Badge tone={site.isActive ? 'green' : 'slate'}>{site.isActive ? 'Active' : 'Inactive'}</Badge>
      </div>
      <div>
        <div className="mb-1 flex items-center justify-between text-sm">
          <span className="text-slate-700">Capacity</span>
          <Badge tone={tone}>
            {students.length}/{plural(site.maxStudents, 'student')}
          </Badge>
        </div>
        <ProgressBar
          label={`Capacity of ${site.name}`}
          percent={barPercent(students.length, site.maxStudents)}
          tone={tone}
        />
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <Fact label="Address" value={fullAddress(site)} />
        <Fact label="Contact" value={[site.contactPerson, site.contactTitle].filter(Boolean).join(', ')} />
        <Fact
          label="Phone"
          value={
            site.phone && (
              <a className="underline-offset-2 hover:underline" href={`tel:${site.phone}`}>
                {site.phone}
              </a>
            )
          }
        />
        <Fact
          label="Email"
          value={
            site.email && (
              <a className="break-all underline-offset-2 hover:underline" href={`mailto:${site.email}`}>
                {site.email}
              </a>
            )
          }
        />
        <Fact label="Programs" value={site.programTypes.map(programLabel).join(', ')} />
        <Fact label="Verified Hours Here" value={String(logged)} />
        <Fact label="Specialties" value={site.specialties.join(', ')} />
        <Fact label="Requirements" value={site.requirements} />
      </dl>
      <div>
        <h4 className="text-sm font-semibold text-slate-900">Current Students ({students.length})</h4>
        {students.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">No students are placed here right now.</p>
        ) : (
          <ul className="mt-1 flex flex-col gap-1 text-sm">
            {shown.map((s) => (
              <li key={s.id}>
                {fullName(s)} <span className="text-slate-600">({s.studentId})</span>
              </li>
            ))}
            {students.length > shown.length && (
              <li className="text-slate-600">+{students.length - shown.length} more</li>
            )}
          </ul>
        )}
      </div>
    </Card>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{value || 'Not provided'}</dd>
    </div>
  );
}
