import { type ReactNode, useMemo } from 'react';

import type { HoursLine } from '#schema/portfolio.ts';
import { HOURS_STANDING_LABELS, hoursStanding, refusedHoursNote } from '#schema/student-summary.ts';
import { type StudentWithSummary, useRows, useRowsWhere } from '#web/lib/data.ts';
import { formatDate, gpaTone } from '#web/lib/format.ts';
import { Badge, Card, EmptyState, Loading } from '#web/lib/ui/display.tsx';

import { StudentPicker } from './student-picker.tsx';
import { academicRecord } from './student-rules.ts';

/** GPA, enrollment and graduation dates, and the chosen student's logged hours by type, by site and one by one. */
export function AcademicRecordsTab({
  students,
  selected,
  onSelect,
}: {
  students: StudentWithSummary[];
  selected: StudentWithSummary | null;
  onSelect: (id: string) => void;
}) {
  // the chosen student's hours only
  const hours = useRowsWhere('clinicalHours', 'studentId', selected?.student.id);
  const sites = useRows('clinicalSites');
  const record = useMemo(
    () =>
      selected && hours && sites
        ? academicRecord(selected.student.id, hours, new Map(sites.map((s) => [s.id, s.name])))
        : null,
    [selected, hours, sites],
  );
  return (
    <div className="flex flex-col gap-4">
      <StudentPicker students={students} selected={selected} onSelect={onSelect} />
      {!hours || !sites ? (
        <Loading />
      ) : !selected || !record ? (
        <EmptyState title="No student selected" text="Choose a student to see their academic record." />
      ) : (
        <>
          <div className="grid gap-4 md:grid-cols-3">
            <Card>
              <h3 className="font-semibold text-slate-900">Academic Standing</h3>
              <dl className="mt-2 flex flex-col gap-2 text-sm">
                <Line
                  label="GPA"
                  value={
                    selected.student.gpa === null ? (
                      'Not recorded'
                    ) : (
                      <Badge tone={gpaTone(selected.student.gpa)}>{selected.student.gpa.toFixed(2)}</Badge>
                    )
                  }
                />
                <Line label="Enrollment Date" value={formatDate(selected.student.enrollmentDate)} />
                <Line label="Expected Graduation" value={formatDate(selected.student.expectedGraduation)} />
                <Line label="Graduation Date" value={formatDate(selected.student.graduationDate) || 'Not graduated'} />
              </dl>
            </Card>
            <HoursCard
              title="Hours by Type"
              lines={record.byType}
              total={`${record.verified} of ${selected.summary.requiredHours} required${awaitingNote(record.awaiting)}`}
              refused={record.refused}
            />
            <HoursCard title="Hours by Site" lines={record.bySite} />
          </div>
          <Card>
            <h3 className="font-semibold text-slate-900">Logged Hours</h3>
            {record.entries.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">No hours logged yet.</p>
            ) : (
              <div className="mt-2 overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <thead className="text-xs uppercase tracking-wide text-slate-600">
                    <tr>
                      <th className="py-2 pr-3">Date</th>
                      <th className="py-2 pr-3">Type</th>
                      <th className="py-2 pr-3">Site</th>
                      <th className="py-2 pr-3 text-right">Hours</th>
                      <th className="py-2">Verified</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {record.entries.map((h) => (
                      <tr key={h.id}>
                        <td className="py-2 pr-3 whitespace-nowrap">{formatDate(h.date)}</td>
                        <td className="py-2 pr-3">{h.hourType === 'field' ? 'Field' : 'Clinical'}</td>
                        <td className="py-2 pr-3">{h.siteName}</td>
                        <td className="py-2 pr-3 text-right tabular-nums">{h.hoursCompleted}</td>
                        <td className="py-2">{HOURS_STANDING_LABELS[hoursStanding(h)]}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Card>
        </>
      )}
    </div>
  );
}

/** Hours no one has verified count toward nothing: they are named beside the verified ones, never added to them. */
const awaitingNote = (awaiting: number) => (awaiting > 0 ? ` (+ ${awaiting} h awaiting verification)` : '');

/** Refused hours are in no line: their total is named under the lines, with what the student does about them. */
function HoursCard({
  title,
  lines,
  total,
  refused = 0,
}: {
  title: string;
  lines: HoursLine[];
  total?: string;
  refused?: number;
}) {
  return (
    <Card>
      <h3 className="font-semibold text-slate-900">{title}</h3>
      {lines.length === 0 && refused === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No hours logged yet.</p>
      ) : (
        <dl className="mt-2 flex flex-col gap-2 text-sm">
          {lines.map((l) => (
            <Line key={l.label} label={l.label} value={`${l.verified} h${awaitingNote(l.awaiting)}`} />
          ))}
          {total && <Line label="Total" value={total} />}
          {refused > 0 && <Line label="Refused" value={refusedHoursNote(refused)} />}
        </dl>
      )}
    </Card>
  );
}

function Line({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{value}</dd>
    </div>
  );
}
