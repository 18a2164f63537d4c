/**
 * Records out: everyone downloads what the programs hold about them; directors and administration a whole program.
 * Plain links: the browser downloads the server's streamed ZIP itself, so nothing of it passes through the page.
 */
import type { ExportRoutes } from '#api/routes/exports/index.ts';
import { can } from '#schema/permissions.ts';
import { useRows } from '#web/lib/data.ts';
import { serverClient, serverPath } from '#web/lib/server-reads.ts';
import { useSession } from '#web/lib/session.tsx';
import { Card } from '#web/lib/ui/display.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

const { exports } = serverClient<ExportRoutes>();

export const EXPORT_TEXT = {
  title: 'Your records',
  intro: 'Download everything the programs hold about you, as spreadsheets (CSV) and data files (JSON), in one ZIP.',
  mine: 'Download my records',
  programs: 'Program records',
  programsIntro: 'A whole program (members, students, every record, requests, documents, accreditation) in one ZIP.',
  needsConnection: 'Downloads need a connection to the server.',
} as const;

export function RecordsExportCard() {
  const session = useSession();
  const programs = useRows('programs');
  if (session.status !== 'signed-in') return null;
  const leads = can(session.user.role, 'records.exportProgram');
  return (
    <Card className="mt-6 max-w-3xl">
      <h2 className="text-lg font-semibold text-slate-900">{EXPORT_TEXT.title}</h2>
      <p className="mt-1 text-sm text-slate-700">{EXPORT_TEXT.intro}</p>
      <a className={buttonClass('secondary', 'mt-3')} href={serverPath(exports.mine.$path())} download>
        {EXPORT_TEXT.mine}
      </a>
      <p className="mt-1 text-xs text-slate-600">{EXPORT_TEXT.needsConnection}</p>
      {leads && programs && programs.length > 0 && (
        <>
          <h3 className="mt-5 font-semibold text-slate-900">{EXPORT_TEXT.programs}</h3>
          <p className="mt-1 text-sm text-slate-700">{EXPORT_TEXT.programsIntro}</p>
          <ul className="mt-2 divide-y divide-slate-100">
            {programs.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="text-sm text-slate-900">{p.name}</span>
                <a
                  className={buttonClass('ghost')}
                  href={serverPath(exports.programs[':id'].$path({ param: { id: p.id } }))}
                  download
                  aria-label={`Download the records of ${p.name}`}
                >
                  Download ZIP
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
