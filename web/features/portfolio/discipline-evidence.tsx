/**
 * The evidence a fire candidate's and a police recruit's portfolio shows in place of the SMC tables: the NFPA 1001
 * task book, and the Daily Observation Reports. The figures are the server's (schema/portfolio.ts).
 */
import type { PortfolioDor, PortfolioTaskBook } from '#schema/portfolio.ts';
import { formatDate } from '#web/lib/format.ts';
import { Badge, Card } from '#web/lib/ui/display.tsx';

export function TaskBookCard({ book }: { book: PortfolioTaskBook }) {
  return (
    <Card>
      <h3 className="mb-2 flex flex-wrap items-center gap-2 font-semibold text-slate-900">
        NFPA 1001 task book
        <Badge tone={book.state === 'certified' ? 'green' : 'yellow'}>{book.stateLabel}</Badge>
      </h3>
      <p className="mb-2 text-sm text-slate-700">
        {book.signed} of {book.required} JPRs signed
      </p>
      <ul aria-label="Job performance requirements" className="flex flex-col divide-y divide-slate-100 text-sm">
        {book.jprs.map((j) => (
          <li key={j.skillId} className="flex flex-col gap-0.5 py-1.5 sm:flex-row sm:items-baseline sm:gap-3">
            <span className="shrink-0 text-slate-600 sm:w-44">{j.reference}</span>
            <span className="flex-1">{j.name}</span>
            {j.signed ? (
              <span className="text-slate-700">
                <Badge tone="green">Signed</Badge> {j.method}, {j.evaluator}, {formatDate(j.date!)}
              </span>
            ) : (
              <span className="self-start sm:self-auto">
                <Badge tone="yellow">Not signed</Badge>
              </span>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}

export function DorCard({ dor }: { dor: PortfolioDor }) {
  return (
    <Card>
      <h3 className="mb-2 font-semibold text-slate-900">Daily Observation Reports</h3>
      <p className="mb-2 text-sm text-slate-700">
        {dor.phase === null ? 'No completed report yet' : `Phase ${dor.phase} of ${dor.phases}, week ${dor.week}`} ·{' '}
        signed by the FTO {dor.signed.fto}, by the trainee {dor.signed.trainee}, by a supervisor {dor.signed.supervisor}
        {dor.toComplete + dor.toAcknowledge + dor.toReview > 0 &&
          ` · awaiting: ${dor.toComplete} to complete, ${dor.toAcknowledge} to acknowledge, ${dor.toReview} to review`}
      </p>
      {dor.neverScored.length > 0 && (
        <p className="mb-2 text-sm text-slate-700">Never scored yet: {dor.neverScored.join(', ')}</p>
      )}
      <table className="w-full text-left text-sm">
        <thead className="text-slate-600">
          <tr>
            <th className="py-1 pr-2">Category</th>
            <th className="px-2 text-right">Latest</th>
            <th className="px-2 text-right">Mean</th>
          </tr>
        </thead>
        <tbody>
          {dor.categories.map((c) => (
            <tr key={c.code} className="border-t border-slate-100">
              <td className="py-1 pr-2">{c.name}</td>
              <td className="px-2 text-right">{c.latest ?? '–'}</td>
              <td className="px-2 text-right">{c.mean ?? '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
