/**
 * A student's patient contacts against the CoAEMSP Student Minimum Competency tables (by age, by pathology, team
 * leads; the program's rules or the defaults) and hours against the program's requirement, from the device. Only
 * verified contacts and hours count; a student's own awaiting verification are shown apart. Label
 * and figure pairs are description lists, so the page's lists and regions stay the competency matrix's.
 */
import { contactFigures, type CountAgainstMinimum } from '#schema/contact-figures.ts';
import { type ContactRules, DEFAULT_CONTACT_RULES } from '#schema/patient-contact.ts';
import { round1 } from '#schema/progress.ts';
import type { HoursTotals } from '#schema/student-summary.ts';
import { useRowsWhere } from '#web/lib/data.ts';
import { plural } from '#web/lib/format.ts';
import { useScrollToHash } from '#web/lib/scroll-to-hash.ts';
import { Card, Loading } from '#web/lib/ui/display.tsx';

import { RecordedEntries } from './recorded-entries.tsx';

const PANEL_ID = 'patient-contacts';

function Counts({ title, rows }: { title: string; rows: readonly CountAgainstMinimum[] }) {
  return (
    <div role="group" aria-label={title}>
      <h4 className="mb-1 text-sm font-semibold text-slate-900">{title}</h4>
      <dl className="flex flex-col gap-1 text-sm">
        {rows.map((r) => (
          <div key={r.label} className="flex justify-between gap-2">
            <dt className="text-slate-700">{r.label}</dt>
            <dd className={r.count >= r.minimum ? 'font-semibold text-green-800' : 'font-semibold text-slate-900'}>
              {`${r.count} of ${r.minimum}`}
            </dd>
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

export function SmcPanel({
  studentId,
  rules,
  hours,
  requiredHours,
}: {
  studentId: string;
  rules: ContactRules | null | undefined;
  hours: HoursTotals;
  requiredHours: number | null | undefined;
}) {
  const contacts = useRowsWhere('patientContacts', 'studentId', studentId);
  const loaded = !!contacts;
  useScrollToHash(PANEL_ID, loaded);
  if (!contacts) return <Loading />;
  const r = rules ?? DEFAULT_CONTACT_RULES;
  const figures = contactFigures(contacts, r);
  const total = round1(hours.clinical + hours.field);
  const awaiting = awaitingLine(figures.awaiting, hours.awaiting);
  return (
    <Card id={PANEL_ID}>
      <h3 className="text-base font-semibold text-slate-900">Patient contacts and hours (SMC)</h3>
      <p className={`${awaiting ? '' : 'mb-3 '}text-sm text-slate-600`}>
        {`${plural(figures.total, 'patient contact')} · ${total}${requiredHours ? ` of ${requiredHours}` : ''} hours (${round1(hours.clinical)} clinical, ${round1(hours.field)} field)`}
      </p>
      {awaiting && <p className="mb-3 text-sm text-amber-800">{awaiting}</p>}
      <div className="grid gap-4 sm:grid-cols-3">
        <Counts title="By age" rows={figures.byAgeBand} />
        <Counts title="By pathology" rows={figures.byPathology} />
        <Counts title="Team leads" rows={[figures.teamLeads]} />
      </div>
      <RecordedEntries studentId={studentId} />
    </Card>
  );
}
