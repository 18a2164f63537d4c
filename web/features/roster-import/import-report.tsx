/** What a check or an import found: the counts, and each row's errors by field, with the column it came from. */
import { IMPORT_MSG } from '#schema/messages.ts';
import { IMPORT_FIELDS, type ImportMapping, type ImportReport } from '#schema/roster-import.ts';
import { formatCount as n } from '#web/lib/format.ts';
import { Badge, Card } from '#web/lib/ui/display.tsx';

function headline(report: ImportReport): string {
  if (report.alreadyImported) return IMPORT_MSG.alreadyImported;
  if (report.errors.length > 0) {
    const rows = `${n(report.errors.length)} of ${n(report.rows)} rows have errors`;
    return report.dryRun
      ? `${rows}: fix them in the file, then check it again.`
      : `${rows}. ${IMPORT_MSG.rowsHaveErrors}.`;
  }
  const counts = `${n(report.created)} new, ${n(report.updated)} updated, ${n(report.unchanged)} unchanged`;
  return report.dryRun ? `Every row can be imported: ${counts}. Nothing is saved yet.` : `Imported: ${counts}.`;
}

export function ImportReportView({ report, mapping }: { report: ImportReport; mapping: ImportMapping }) {
  const labels = new Map(IMPORT_FIELDS[report.kind].map((f) => [f.key, f.label]));
  const problems = report.errors.flatMap((e) =>
    Object.entries(e.fields).map(([field, message]) => ({ row: e.row, field, message })),
  );
  const tone = report.errors.length > 0 ? 'red' : report.applied ? 'green' : 'blue';
  return (
    <Card className="mb-4">
      <div className="mb-2 flex flex-wrap items-center gap-2" role="status">
        <Badge tone={tone}>{report.applied ? 'Imported' : report.dryRun ? 'Checked' : 'Not imported'}</Badge>
        <span className="text-sm text-slate-800">{headline(report)}</span>
      </div>
      {problems.length > 0 && (
        <div className="overflow-x-auto">
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">Rows with errors</caption>
            <thead>
              <tr>
                {['Row', 'Field', 'Column', 'Error'].map((h) => (
                  <th key={h} scope="col" className="border-b border-slate-200 px-2 py-1 font-semibold">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {problems.map((p) => (
                <tr key={`${p.row}:${p.field}`}>
                  <td className="border-b border-slate-100 px-2 py-1">{p.row}</td>
                  <td className="border-b border-slate-100 px-2 py-1">{labels.get(p.field) ?? p.field}</td>
                  <td className="border-b border-slate-100 px-2 py-1 text-slate-600">{mapping[p.field] ?? ''}</td>
                  <td className="border-b border-slate-100 px-2 py-1 text-red-800">{p.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
