/**
 * Roster Import (/roster-import), a desk screen: choose a program, what the file holds and a CSV or XLSX file; map
 * its columns (the program's last mapping for the kind comes back); check every row (a dry run: each row's errors in
 * the forms' messages); then import all rows or none. History files wait for a coordinator's attestation, listed
 * below. The server reads the file and decides everything; this screen only offers what the role may import.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import type { Role } from '#schema/enums.ts';
import { IMPORT_MSG } from '#schema/messages.ts';
import { can } from '#schema/permissions.ts';
import {
  ATTEST_ACTION,
  IMPORT_FIELDS,
  IMPORT_KIND_LABELS,
  IMPORT_KINDS,
  type ImportInspection,
  type ImportKind,
  type ImportMapping,
  type ImportReport,
  importRequestSchema,
  mayImport,
} from '#schema/roster-import.ts';
import { useRows } from '#web/lib/data.ts';
import { formatCount } from '#web/lib/format.ts';
import { useSession } from '#web/lib/session.tsx';
import { Card, EmptyState, PageHeader } from '#web/lib/ui/display.tsx';
import { SelectField } from '#web/lib/ui/fields.tsx';
import { buttonClass, inputClass } from '#web/lib/ui/styles.ts';

import { HistoryImports } from './history-imports.tsx';
import { failureText, type ImportTarget, inspectFile, runImport } from './import-client.ts';
import { ImportReportView } from './import-report.tsx';

const kindsFor = (role: Role) => IMPORT_KINDS.filter((k) => mayImport(role, k));

export function RosterImportPage() {
  const session = useSession();
  const role = session.status === 'signed-in' ? session.user.role : null;
  if (!role || kindsFor(role).length === 0) {
    return <EmptyState title="Access Restricted" text="Your role cannot import records." />;
  }
  return <RosterImport role={role} />;
}

const chooseSchema = importRequestSchema.pick({ programId: true, kind: true });
type ChooseInput = { programId: string; kind: ImportKind };

function RosterImport({ role }: { role: Role }) {
  const programs = useRows('programs') ?? [];
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [target, setTarget] = useState<ImportTarget | null>(null);
  const [inspection, setInspection] = useState<ImportInspection | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // each read starts the mapping afresh, even of a file with the same name
  const [reads, setReads] = useState(0);
  const kinds = kindsFor(role);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ChooseInput>({ resolver: zodResolver(chooseSchema), defaultValues: { programId: '', kind: kinds[0] } });
  const programId = watch('programId');

  const read = handleSubmit(async (values) => {
    if (!file) {
      setFileError(IMPORT_MSG.fileRequired);
      return;
    }
    setFailure(null);
    const next = { ...values, file };
    try {
      setInspection(await inspectFile(next));
      setTarget(next);
      setReads((n) => n + 1);
    } catch (e) {
      setFailure(failureText(e));
    }
  });

  return (
    <section>
      <PageHeader
        title="Roster Import"
        description="Bring students, staff, sites or a program's history in from another system's CSV or XLSX file."
      />
      <Card className="mb-4">
        <form onSubmit={read} className="grid gap-3 sm:grid-cols-3" noValidate>
          <SelectField
            label="Program"
            placeholder="Choose a program"
            error={errors.programId?.message}
            options={programs.map((p) => [p.id, p.name] as const)}
            {...register('programId')}
          />
          <SelectField
            label="The file holds"
            error={errors.kind?.message}
            options={kinds.map((k) => [k, IMPORT_KIND_LABELS[k]] as const)}
            {...register('kind')}
          />
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
            File (CSV or XLSX)
            <input
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              className={`${inputClass} py-2`}
              aria-invalid={!!fileError}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setFileError(null);
              }}
            />
            {fileError && (
              <span role="alert" className="font-normal text-red-700">
                {fileError}
              </span>
            )}
          </label>
          <div className="sm:col-span-3">
            <button type="submit" className={buttonClass('primary')} disabled={isSubmitting}>
              {isSubmitting ? 'Reading…' : 'Read file'}
            </button>
            {failure && (
              <p role="alert" className="mt-2 text-sm text-red-700">
                {failure}
              </p>
            )}
          </div>
        </form>
      </Card>
      {target && inspection && <MapAndImport key={reads} target={target} inspection={inspection} />}
      {programId && can(role, ATTEST_ACTION) && <HistoryImports programId={programId} />}
    </section>
  );
}

const NOT_IMPORTED = '';

function MapAndImport({ target, inspection }: { target: ImportTarget; inspection: ImportInspection }) {
  const [mapping, setMapping] = useState<ImportMapping>(inspection.mapping);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const fields = IMPORT_FIELDS[target.kind];

  const run = async (dryRun: boolean) => {
    setBusy(true);
    setFailure(null);
    try {
      setReport(await runImport(target, mapping, dryRun));
    } catch (e) {
      setFailure(failureText(e));
    } finally {
      setBusy(false);
    }
  };
  const map = (key: string, header: string) => {
    const next = { ...mapping };
    if (header === NOT_IMPORTED) delete next[key];
    else next[key] = header;
    setMapping(next);
    setReport(null);
  };
  const checked = report?.dryRun && report.errors.length === 0 && !report.alreadyImported;

  return (
    <>
      <Card className="mb-4">
        <h3 className="mb-1 font-semibold text-slate-900">Map the columns</h3>
        <p className="mb-3 text-sm text-slate-600">
          {target.file.name}: {formatCount(inspection.rowCount)} rows.{' '}
          {inspection.remembered
            ? "This program's last mapping for this kind of file."
            : 'Matched by the column names.'}
        </p>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {fields.map((field) => (
            <SelectField
              key={field.key}
              label={`${field.label}${field.required ? ' *' : ''}`}
              value={mapping[field.key] ?? NOT_IMPORTED}
              onChange={(e) => map(field.key, e.target.value)}
              options={[[NOT_IMPORTED, '— not imported —'] as const, ...inspection.headers.map((h) => [h, h] as const)]}
            />
          ))}
        </div>
        <SampleRows inspection={inspection} />
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className={buttonClass('secondary')} disabled={busy} onClick={() => void run(true)}>
            Check every row
          </button>
          <button
            type="button"
            className={buttonClass('primary')}
            disabled={busy || !checked}
            onClick={() => void run(false)}
          >
            Import {formatCount(inspection.rowCount)} rows
          </button>
        </div>
        {failure && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {failure}
          </p>
        )}
      </Card>
      {report && <ImportReportView report={report} mapping={mapping} />}
    </>
  );
}

function SampleRows({ inspection }: { inspection: ImportInspection }) {
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="min-w-full text-left text-sm">
        <caption className="mb-1 text-left text-xs text-slate-600">The first rows of the file</caption>
        <thead>
          <tr>
            {inspection.headers.map((h) => (
              <th key={h} scope="col" className="whitespace-nowrap border-b border-slate-200 px-2 py-1 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {inspection.sample.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) => (
                <td key={j} className="whitespace-nowrap border-b border-slate-100 px-2 py-1 text-slate-700">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
