/**
 * A student's patient contacts against the CoAEMSP Student Minimum Competency tables (by age, by pathology, team
 * leads) and hours against the program's requirement, from the device. The figures are the one SMC model's
 * (schema/smc.ts, read by `useStudentSmc`), so they equal the reports' and the server's. Only verified contacts and
 * hours count; a student's own awaiting verification are shown apart. Label and figure pairs are description lists,
 * so the page's lists and regions stay the competency matrix's.
 */
import { ATTEMPT_SETTING_LABELS, ATTEMPT_SETTINGS } from '#schema/enums.ts';
import { round1 } from '#schema/progress.ts';
import { type MinimumSource, minimumSourceLabel, type SmcItem } from '#schema/smc.ts';
import { type HoursTotals, refusedHoursNote } from '#schema/student-summary.ts';
import { useStudentSmc } from '#web/lib/data.ts';
import { plural } from '#web/lib/format.ts';
import { useScrollToHash } from '#web/lib/scroll-to-hash.ts';
import { Card, Loading } from '#web/lib/ui/display.tsx';

import { RecordedEntries } from './recorded-entries.tsx';

const PANEL_ID = 'patient-contacts';

/** Where the verified contacts were seen, and how many wait for verification: '' when none. */
function settingsLine(item: SmcItem) {
  const seen = ATTEMPT_SETTINGS.filter((s) => item.bySetting[s].verified.successful > 0).map(
    (s) => `${ATTEMPT_SETTING_LABELS[s]} ${item.bySetting[s].verified.successful}`,
  );
  if (item.awaiting.successful > 0) seen.push(`${item.awaiting.successful} awaiting`);
  return seen.join(' · ');
}

/** An item with no minimum (none set for the level, e.g. EMT contacts) shows its count alone: there is nothing to meet. */
function Counts({ title, rows }: { title: string; rows: readonly SmcItem[] }) {
  return (
    <div role="group" aria-label={title}>
      <h4 className="mb-1 text-sm font-semibold text-slate-900">{title}</h4>
      <dl className="grid grid-cols-[1fr_auto] gap-x-2 gap-y-1 text-sm">
        {rows.map((r) => (
          <div key={r.key} className="col-span-2 grid grid-cols-subgrid">
            <dt className="text-slate-700">{r.label}</dt>
            <dd className={r.met ? 'font-semibold text-green-800' : 'font-semibold text-slate-900'}>
              {r.minimum > 0 ? `${r.count} of ${r.minimum}` : String(r.count)}
            </dd>
            {settingsLine(r) && <dd className="col-span-2 text-xs text-slate-500">{settingsLine(r)}</dd>}
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The student's own contacts and hours no one has verified yet, counted in none of the figures above; '' if none. */
function awaitingLine(contacts: number, hours: number) {
  const parts = [contacts > 0 && plural(contacts, 'patient contact'), hours > 0 && `${round1(hours)} h`];
  const shown = parts.filter(Boolean);
  return shown.length ? `${shown.join(' and ')} awaiting verification` : '';
}

const sourceLine = (s: MinimumSource) => `Minimums: ${minimumSourceLabel(s)}`;

export function SmcPanel({
  studentId,
  hours,
  requiredHours,
}: {
  studentId: string;
  hours: HoursTotals;
  requiredHours: number | null | undefined;
}) {
  const smc = useStudentSmc(studentId);
  useScrollToHash(PANEL_ID, smc !== undefined);
  if (smc === undefined) return <Loading />;
  if (smc === null) return null;
  const total = round1(hours.clinical + hours.field);
  const awaiting = awaitingLine(smc.contacts.awaiting, hours.awaiting);
  return (
    <Card id={PANEL_ID}>
      <h3 className="text-base font-semibold text-slate-900">Patient contacts and hours (SMC)</h3>
      <p className={`${awaiting ? '' : 'mb-3 '}text-sm text-slate-600`}>
        {`${plural(smc.contacts.verified, 'patient contact')} · ${total}${requiredHours ? ` of ${requiredHours}` : ''} hours (${round1(hours.clinical)} clinical, ${round1(hours.field)} field)`}
      </p>
      {awaiting && <p className="mb-3 text-sm text-amber-800">{awaiting}</p>}
      {hours.refused > 0 && <p className="mb-3 text-sm text-red-800">{refusedHoursNote(round1(hours.refused))}</p>}
      <div className="grid gap-4 sm:grid-cols-3">
        <Counts title="By age" rows={smc.age} />
        <Counts title="By pathology" rows={smc.pathology} />
        {smc.teamLeads.length > 0 && <Counts title="Team leads" rows={smc.teamLeads} />}
      </div>
      {smc.age[0] && <p className="mt-3 text-xs text-slate-500">{sourceLine(smc.age[0].minimumSource)}</p>}
      <RecordedEntries studentId={studentId} />
    </Card>
  );
}
