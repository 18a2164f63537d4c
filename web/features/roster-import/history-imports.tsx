/**
 * A program's history files, for the coordinators who attest them: until attested, none of a file's records count.
 * Attesting is one audited write for the whole file.
 */
import { useCallback, useEffect, useState } from 'react';

import { IMPORT_KIND_LABELS, type ImportBatchSummary } from '#schema/roster-import.ts';
import { useRows } from '#web/lib/data.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { Badge, Card } from '#web/lib/ui/display.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

import { attestImport, failureText, historyImports } from './import-client.ts';

export function HistoryImports({ programId }: { programId: string }) {
  const users = useRows('users') ?? [];
  const [batches, setBatches] = useState<ImportBatchSummary[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const load = useCallback(
    () => historyImports(programId).then(setBatches, (e: unknown) => setFailure(failureText(e))),
    [programId],
  );
  useEffect(() => {
    void load();
  }, [load]);
  const nameOf = (id: string | null) => {
    const u = users.find((x) => x.id === id);
    return u ? `${u.firstName} ${u.lastName}` : 'someone';
  };
  const attest = async (id: string) => {
    setFailure(null);
    try {
      await attestImport(id);
      await load();
    } catch (e) {
      setFailure(failureText(e));
    }
  };
  if (!batches || batches.length === 0) return null;
  return (
    <Card>
      <h3 className="mb-2 font-semibold text-slate-900">History imported into this program</h3>
      <ul className="divide-y divide-slate-100">
        {batches.map((b) => (
          <li key={b.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span>
              <span className="font-medium">{b.fileName}</span>: {IMPORT_KIND_LABELS[b.kind]}, {b.rowCount} rows, by{' '}
              {nameOf(b.importedBy)} on {formatDateTime(b.createdAt)}
            </span>
            {b.attestedBy ? (
              <Badge tone="green">
                Attested by {nameOf(b.attestedBy)} on {formatDateTime(b.attestedAt!)}
              </Badge>
            ) : (
              <button type="button" className={buttonClass('secondary')} onClick={() => void attest(b.id)}>
                Attest: these records count
              </button>
            )}
          </li>
        ))}
      </ul>
      {failure && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {failure}
        </p>
      )}
    </Card>
  );
}
