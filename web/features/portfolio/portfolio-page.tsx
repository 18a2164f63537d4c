/**
 * One student's competency portfolio: ready to graduate, the attestation of their discipline (the Terminal Competency
 * form for EMS, the task book's or field training's completion for fire and police) and the evidence of the
 * student's discipline (the SMC tables, hours, evaluations and sign-offs for EMS; the task book for fire; the Daily
 * Observation Reports for police), documents, with the PDF, CSV and XLSX the server makes. The figures are the
 * server's (api/domain/portfolio/); the last answer is kept for offline viewing like the reports.
 */
import type { ClientResponse } from 'hono/client';
import { useState } from 'react';

import type { PortfolioRoutes } from '#api/routes/portfolios/index.ts';
import { ATTESTATION_RULES, type AttestationSignature } from '#schema/attestation.ts';
import { plural } from '#schema/plural.ts';
import type { HoursLine, Missing, Portfolio, PortfolioEvaluation } from '#schema/portfolio.ts';
import { type SmcItem, smcTableLabel, tableSources } from '#schema/smc.ts';
import { formatDate } from '#web/lib/format.ts';
import { type CachedAnswer, serverClient, serverPath, useServerRead } from '#web/lib/server-reads.ts';
import { useSession } from '#web/lib/session.tsx';
import { Badge, Card, Loading, PageHeader } from '#web/lib/ui/display.tsx';
import { LastUpdated } from '#web/lib/ui/last-updated.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

import { AttestationForm } from './attestation-form.tsx';
import { DorCard, TaskBookCard } from './discipline-evidence.tsx';

export type PortfolioAnswer = Portfolio & {
  readiness: { ready: boolean; missing: Missing[] };
  attestation: {
    signatures: AttestationSignature[];
    changedAfter: string[];
    yourRole: string | null;
    canSign: boolean;
    exceptionRequired: boolean;
  };
};

const portfolioRoutes = serverClient<PortfolioRoutes>().students[':id'];

/** The route is read as the reports are (useServerRead), so the last portfolio seen stays readable offline. */
function usePortfolio(studentId: string, userId: string): CachedAnswer<PortfolioAnswer> {
  const param = { param: { id: studentId } };
  return useServerRead<PortfolioAnswer>(
    {
      $path: () => portfolioRoutes.portfolio.$path(param),
      $get: () => portfolioRoutes.portfolio.$get(param) as Promise<ClientResponse<PortfolioAnswer>>,
    },
    userId,
  );
}

export function PortfolioPage({ studentId }: { studentId: string }) {
  const session = useSession();
  const userId = session.status === 'signed-in' ? session.user.id : '';
  // a new key after signing remounts the read, which fetches the portfolio again
  const [round, setRound] = useState(0);
  return <PortfolioView key={round} studentId={studentId} userId={userId} onSigned={() => setRound((n) => n + 1)} />;
}

function PortfolioView({ studentId, userId, onSigned }: { studentId: string; userId: string; onSigned: () => void }) {
  const answer = usePortfolio(studentId, userId);
  if (answer.status === 'loading') return <Loading text="Loading the portfolio..." />;
  if (answer.status === 'failed') {
    return (
      <p role="alert" className="rounded-xl border border-slate-200 bg-white p-4 text-slate-700 shadow-sm">
        Unable to load the portfolio. Check your connection and try again.
      </p>
    );
  }
  const p = answer.data;
  const files = {
    pdf: portfolioRoutes['portfolio.pdf'],
    csv: portfolioRoutes['portfolio.csv'],
    xlsx: portfolioRoutes['portfolio.xlsx'],
  };
  return (
    <section className="flex flex-col gap-4">
      <PageHeader
        title={`Portfolio: ${p.student.name}`}
        description={`${p.student.studentCode} · ${p.student.programName}`}
        actions={(['pdf', 'csv', 'xlsx'] as const).map((ext) => (
          <a
            key={ext}
            href={serverPath(files[ext].$path({ param: { id: studentId } }))}
            download
            className={buttonClass('secondary')}
          >
            {ext.toUpperCase()}
          </a>
        ))}
      />
      {answer.savedAt && <LastUpdated at={answer.savedAt} />}
      <div className="grid gap-4 lg:grid-cols-2">
        <Readiness readiness={p.readiness} />
        <Attestation p={p} studentId={studentId} onSigned={onSigned} />
      </div>
      {p.taskBook && <TaskBookCard book={p.taskBook} />}
      {p.dor && <DorCard dor={p.dor} />}
      {p.discipline === 'ems' && <EmsEvidence p={p} />}
      <Card>
        <h3 className="mb-2 font-semibold text-slate-900">Documents (certifications)</h3>
        {p.documents.length === 0 ? (
          <p className="text-sm text-slate-600">None on file.</p>
        ) : (
          <ul className="text-sm">
            {p.documents.map((d) => (
              <li key={d.id}>
                {d.name} ({formatDate(d.uploadedAt.slice(0, 10))})
              </li>
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}

/** A paramedic's, AEMT's or EMT's evidence: the SMC tables of their level, hours, evaluations and sign-offs. */
function EmsEvidence({ p }: { p: Portfolio }) {
  const title = (table: Parameters<typeof smcTableLabel>[0]) => smcTableLabel(table, p.smc.level);
  return (
    <>
      <SmcTable title={title('age')} items={p.smc.age} />
      <SmcTable title={title('pathology')} items={p.smc.pathology} />
      <SmcTable title={title('motor')} items={p.smc.motor} />
      {p.smc.teamLeads.length > 0 && <SmcTable title={title('teamLeads')} items={p.smc.teamLeads} />}
      <Hours hours={p.hours} />
      <Evaluations title="Team leads: preceptor evaluations" list={p.teamLeads} />
      <Evaluations title="Affective evaluations over time" list={p.affective} />
      <SignOffs signOffs={p.signOffs} />
    </>
  );
}

function Readiness({ readiness }: { readiness: PortfolioAnswer['readiness'] }) {
  return (
    <Card>
      <h3 className="mb-2 flex items-center gap-2 font-semibold text-slate-900">
        Ready to graduate
        <Badge tone={readiness.ready ? 'green' : 'yellow'}>{readiness.ready ? 'Ready' : 'Not yet'}</Badge>
      </h3>
      {readiness.missing.length > 0 && (
        <ul aria-label="Missing to graduate" className="list-disc pl-5 text-sm text-slate-700">
          {readiness.missing.map((m) => (
            <li key={m.key}>{m.text}</li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Attestation({ p, studentId, onSigned }: { p: PortfolioAnswer; studentId: string; onSigned: () => void }) {
  const a = p.attestation;
  return (
    <Card className="flex flex-col gap-2">
      <h3 className="font-semibold text-slate-900">{ATTESTATION_RULES[p.discipline].title}</h3>
      {a.signatures.length === 0 && <p className="text-sm text-slate-600">Not attested yet.</p>}
      <ul className="flex flex-col gap-1 text-sm">
        {a.signatures.map((s) => (
          <li key={`${s.role}-${s.signedAt}`}>
            <span className="font-medium">{s.roleLabel}</span>: {s.name}, {new Date(s.signedAt).toLocaleString()}{' '}
            {s.changed && <Badge tone="red">Changed after attestation</Badge>}
            {s.exception && <p className="text-slate-600">Exception: {s.exception}</p>}
          </li>
        ))}
      </ul>
      {a.changedAfter.length > 0 && (
        <div role="status" className="rounded-lg border border-red-200 bg-red-50 p-2 text-sm text-red-900">
          <p className="font-medium">Changed after attestation:</p>
          <ul className="list-disc pl-5">
            {a.changedAfter.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      {a.canSign && a.yourRole && (
        <AttestationForm
          studentId={studentId}
          role={a.yourRole}
          exceptionRequired={a.exceptionRequired}
          onSigned={onSigned}
        />
      )}
    </Card>
  );
}

function SmcTable({ title, items }: { title: string; items: SmcItem[] }) {
  return (
    <Card>
      <h3 className="mb-2 font-semibold text-slate-900">{title}</h3>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <thead className="text-slate-600">
            <tr>
              <th className="py-1 pr-2">Item</th>
              <th className="px-2 text-right">Min</th>
              <th className="px-2 text-right">Count</th>
              <th className="px-2 text-right">Attempted</th>
              <th className="px-2 text-right">Successful</th>
              <th className="px-2 text-right">%</th>
              <th className="px-2">Met</th>
              <th className="px-2 text-right">Awaiting</th>
            </tr>
          </thead>
          <tbody>
            {items.map((i) => (
              <tr key={i.key} className="border-t border-slate-100">
                <td className="py-1 pr-2">{i.reference ? `${i.reference} ${i.label}` : i.label}</td>
                <td className="px-2 text-right">{i.minimum}</td>
                <td className="px-2 text-right">{i.count}</td>
                <td className="px-2 text-right">{i.attempted}</td>
                <td className="px-2 text-right">{i.successful}</td>
                <td className="px-2 text-right">{i.percentSuccessful ?? ''}</td>
                <td className="px-2">
                  <Badge tone={i.met ? 'green' : 'yellow'}>{i.met ? 'Met' : 'Not met'}</Badge>
                </td>
                <td className="px-2 text-right">{i.awaiting.successful}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-xs text-slate-600">{`Minimums: ${tableSources(items).join('; ')}`}</p>
    </Card>
  );
}

function Hours({ hours }: { hours: Portfolio['hours'] }) {
  const rows = (lines: HoursLine[]) =>
    lines.map((l) => (
      <tr key={l.label} className="border-t border-slate-100">
        <td className="py-1 pr-2">{l.label}</td>
        <td className="px-2 text-right">{l.verified}</td>
        <td className="px-2 text-right">{l.awaiting}</td>
      </tr>
    ));
  return (
    <Card>
      <h3 className="mb-2 font-semibold text-slate-900">
        Hours: {hours.verified} verified, {hours.awaiting} awaiting
      </h3>
      <table className="w-full text-left text-sm">
        <thead className="text-slate-600">
          <tr>
            <th className="py-1 pr-2">Type or site</th>
            <th className="px-2 text-right">Verified</th>
            <th className="px-2 text-right">Awaiting</th>
          </tr>
        </thead>
        <tbody>
          {rows(hours.byType)}
          {rows(hours.bySite)}
        </tbody>
      </table>
      {hours.rejected > 0 && (
        <p className="mt-2 text-sm text-slate-600">
          {plural(hours.rejected, 'hour')} held by rejected sign-offs are not counted.
        </p>
      )}
    </Card>
  );
}

function Evaluations({ title, list }: { title: string; list: PortfolioEvaluation[] }) {
  return (
    <Card>
      <h3 className="mb-2 font-semibold text-slate-900">{title}</h3>
      {list.length === 0 ? (
        <p className="text-sm text-slate-600">None recorded.</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm">
          {list.map((e) => (
            <li key={e.signOffId}>
              <span className="font-medium">{formatDate(e.date.slice(0, 10))}</span>, {e.preceptor}:{' '}
              {Object.entries(e.scores)
                .filter(([, v]) => v !== null)
                .map(([k, v]) => `${k} ${v}`)
                .join('; ')}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function SignOffs({ signOffs }: { signOffs: Portfolio['signOffs'] }) {
  return (
    <Card>
      <h3 className="mb-2 font-semibold text-slate-900">Sign-offs with signatures</h3>
      {signOffs.length === 0 ? (
        <p className="text-sm text-slate-600">None yet.</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm">
          {signOffs.map((s) => (
            <li key={s.id}>
              {formatDate(s.capturedAt.slice(0, 10))}: {s.preceptor.name}, {s.preceptor.credential} (
              {s.signature.kind === 'typed' ? `typed "${s.signature.name}"` : 'drawn signature'}),{' '}
              {plural(s.records, 'record')}, {s.status}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
