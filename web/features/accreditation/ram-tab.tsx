import { useMemo, useState } from 'react';

import type { AccreditationRoutes } from '#api/routes/accreditation/index.ts';
import { FIGURES } from '#schema/figures.ts';
import { apiClient } from '#web/lib/api.ts';
import { useRows } from '#web/lib/data.ts';
import { formatDate } from '#web/lib/format.ts';
import { Badge, EmptyState, Loading, Tile } from '#web/lib/ui/display.tsx';
import { SelectField, TextAreaField } from '#web/lib/ui/fields.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { useWriter } from '#web/lib/write.ts';

import {
  canSaveRam,
  isOpen,
  RAM_CHOICES,
  RAM_YEAR,
  ramPayload,
  type RamRow,
  statusDisplay,
} from './accreditation-rules.ts';
import { ConfidenceFlag } from './confidence-flag.tsx';

const assessmentApi = apiClient<AccreditationRoutes>().ram.assessments[':id'];

/** The Resource Assessment Matrix of 2025: one item per component area; an open item can be assessed. */
export function RamTab({ canManage }: { canManage: boolean }) {
  const rows = useRows('ramAssessments');
  const items = useMemo(
    () =>
      (rows ?? []).filter((r) => r.year === RAM_YEAR).sort((a, b) => a.componentArea.localeCompare(b.componentArea)),
    [rows],
  );
  const [editingId, setEditingId] = useState<string | null>(null);
  if (!rows) return <Loading text="Loading RAM assessments..." />;
  if (items.length === 0)
    return (
      <EmptyState
        title={`No RAM assessments for ${RAM_YEAR}`}
        text="RAM component areas are visible to program staff."
      />
    );

  const completed = items.filter((r) => r.status === 'completed');
  const rated = completed.filter((r) => r.compliancePercentage !== null);
  const average = rated.length
    ? Math.round(rated.reduce((sum, r) => sum + r.compliancePercentage!, 0) / rated.length)
    : null;
  return (
    <div className="flex flex-col gap-4">
      <h3 className="text-lg font-semibold text-slate-900">Resource Assessment Matrix {RAM_YEAR}</h3>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 [&>*:last-child]:col-span-2 sm:[&>*:last-child]:col-span-1">
        <Tile label="Component Areas" value={items.length} />
        <Tile label="Assessed" value={`${completed.length} of ${items.length}`} />
        <Tile
          label={FIGURES.assessedRamAverage.name}
          value={average === null ? 'None yet' : `${average}%`}
          hint="Of completed assessments"
          about={FIGURES.assessedRamAverage}
        />
      </div>
      <ul aria-label={`RAM ${RAM_YEAR}`} className="grid gap-3 lg:grid-cols-2">
        {items.map((item) => (
          <li key={item.id}>
            <RamItem
              item={item}
              canManage={canManage}
              editing={editingId === item.id}
              onEdit={() => setEditingId(item.id)}
              onDone={() => setEditingId(null)}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

function RamItem({
  item,
  canManage,
  editing,
  onEdit,
  onDone,
}: {
  item: RamRow;
  canManage: boolean;
  editing: boolean;
  onEdit: () => void;
  onDone: () => void;
}) {
  const status = statusDisplay(item.status);
  const headingId = `ram-${item.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h4 id={headingId} className="font-semibold text-slate-900">
          {item.componentArea}
        </h4>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      {item.componentDescription && <p className="text-sm text-slate-700">{item.componentDescription}</p>}
      {(item.compliancePercentage !== null || item.assessmentDate) && (
        <dl className="grid grid-cols-2 gap-x-4 text-sm">
          {item.compliancePercentage !== null && (
            <div>
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">Compliance</dt>
              <dd className="font-semibold">{item.compliancePercentage}%</dd>
            </div>
          )}
          {item.assessmentDate && (
            <div>
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">Assessed</dt>
              <dd>{formatDate(item.assessmentDate)}</dd>
            </div>
          )}
        </dl>
      )}
      {item.improvementPlan && (
        <div className="text-sm">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-600">Improvement Plan</p>
          <p className="whitespace-pre-line text-slate-800">{item.improvementPlan}</p>
        </div>
      )}
      <ConfidenceFlag confidence={item.confidence} source={item.source} />
      {canManage &&
        isOpen(item.status) &&
        (editing ? (
          <RamForm item={item} onDone={onDone} />
        ) : (
          <button type="button" className={buttonClass('primary', 'mt-auto')} onClick={onEdit}>
            Complete Assessment
          </button>
        ))}
    </article>
  );
}

/** Compliance percentage and an optional improvement plan; Save Assessment stays disabled until a percentage is chosen. */
export function RamForm({ item, onDone }: { item: RamRow; onDone: () => void }) {
  const { online } = useWriter();
  const [percent, setPercent] = useState(0);
  const [plan, setPlan] = useState(item.improvementPlan ?? '');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    const result = await online(
      () => assessmentApi.$patch({ param: { id: item.id }, json: ramPayload(percent, plan, new Date()) }),
      { success: 'RAM assessment updated successfully', failure: 'Failed to update RAM assessment' },
    );
    setBusy(false);
    if (result.ok) onDone();
  };
  return (
    <form
      aria-label={`Assess ${item.componentArea}`}
      className="mt-auto flex flex-col gap-3 border-t border-slate-200 pt-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (canSaveRam(percent)) void save();
      }}
    >
      <SelectField
        label="Compliance Percentage"
        placeholder="Select a percentage"
        value={percent ? String(percent) : ''}
        options={RAM_CHOICES}
        onChange={(e) => setPercent(Number(e.target.value) || 0)}
      />
      <TextAreaField
        label="Improvement Plan"
        placeholder="Optional: what will be done to close any gap"
        value={plan}
        onChange={(e) => setPlan(e.target.value)}
      />
      <div className="flex justify-end gap-2">
        <button type="button" className={buttonClass('secondary')} onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className={buttonClass('primary')} disabled={!canSaveRam(percent) || busy}>
          {busy ? 'Saving...' : 'Save Assessment'}
        </button>
      </div>
    </form>
  );
}
