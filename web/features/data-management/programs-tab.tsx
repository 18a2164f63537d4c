import { useState } from 'react';

import type { ProgramRoutes } from '#api/routes/programs/index.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { apiClient } from '#web/lib/api.ts';
import { Badge, EmptyState } from '#web/lib/ui/display.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { useWriter } from '#web/lib/write.ts';

import { programTypeLabel } from '../program-management/index.ts';
import { programDuration, sortedByName } from './record-lists.ts';
import { TrainingProgramDialog, type TrainingProgramValues } from './training-program-dialog.tsx';

const programsApi = apiClient<ProgramRoutes>().programs;

type Program = DomainRows['programs'];

function Facts({ program }: { program: Program }) {
  const facts = [
    programDuration(program),
    program.requiredHours !== null ? `${program.requiredHours} required hours` : null,
    program.credits !== null ? `${program.credits} credits` : null,
    program.capacity !== null ? `capacity ${program.capacity}` : null,
  ].filter(Boolean);
  return facts.length ? <p className="text-sm text-slate-700">{facts.join(' · ')}</p> : null;
}

export function ProgramsTab({ programs }: { programs: readonly Program[] }) {
  const { online } = useWriter();
  const [adding, setAdding] = useState(false);
  const create = (values: TrainingProgramValues) =>
    online(() => programsApi.$post({ json: values }), {
      success: 'Training program created successfully',
      failure: 'Failed to create program',
    });

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h3 className="text-lg font-semibold text-slate-900">Training Programs</h3>
          <p className="text-sm text-slate-600">Staff assignments are made on the Programs screen.</p>
        </div>
        <button type="button" className={buttonClass()} onClick={() => setAdding(true)}>
          Create Training Program
        </button>
      </div>
      {programs.length === 0 ? (
        <EmptyState title="No programs created" text="Create your first training program to get started" />
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {sortedByName(programs).map((p) => (
            <li key={p.id} className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex flex-wrap items-center gap-2">
                <h4 className="font-semibold text-slate-900">{p.name}</h4>
                <Badge tone="blue">{programTypeLabel(p.type)}</Badge>
              </div>
              {p.description && <p className="line-clamp-2 text-sm text-slate-600">{p.description}</p>}
              <Facts program={p} />
              {p.certifications.length > 0 && (
                <p className="text-xs text-slate-600">Certifications: {p.certifications.join(', ')}</p>
              )}
            </li>
          ))}
        </ul>
      )}
      <TrainingProgramDialog open={adding} onClose={() => setAdding(false)} onSave={create} />
    </div>
  );
}
