/**
 * Runs in Chromium for `npm run bench:web`: renders the EMS tracker's matrix for 150 paramedic skills with a student's
 * progress already in memory (as after the live queries resolve), and a plain list of the same names for comparison.
 */
import '#web/styles.css';

import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';

import { EMS_COMPETENCY_CATEGORIES, SKILL_STATUSES } from '#schema/enums.ts';
import { EmsMatrix } from '#web/features/ems-tracker/ems-matrix.tsx';
import type { MatrixProgress, MatrixSkill } from '#web/features/ems-tracker/matrix.ts';

declare global {
  interface Window {
    benchMatrix(runs: number): { matrixMs: number; plainMs: number };
  }
}

const skills: MatrixSkill[] = Array.from({ length: 150 }, (_, i) => ({
  id: `skill-${i}`,
  name: `Paramedic skill ${i}`,
  description: `What a paramedic student must show for skill ${i}`,
  category: EMS_COMPETENCY_CATEGORIES[i % EMS_COMPETENCY_CATEGORIES.length],
  competencyDomain: null,
  smcMatrixNumber: `${1 + (i % 12)}.${i}`,
  clinicalHoursRequired: i % 3,
  fieldHoursRequired: i % 2,
  minimumAttempts: 1 + (i % 4),
}));
const progress = new Map<string, MatrixProgress>(
  skills
    .filter((_, i) => i % 5 !== 0)
    .map((s, i) => [
      s.id,
      {
        skillId: s.id,
        status: SKILL_STATUSES[i % 4],
        progressPercentage: (i * 7) % 101,
        attempts: i % 6,
        successfulAttempts: i % 3,
      },
    ]),
);

function PlainList() {
  return (
    <ul>
      {skills.map((s) => (
        <li key={s.id}>{s.name}</li>
      ))}
    </ul>
  );
}

function timeRender(element: React.ReactElement): number {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const start = performance.now();
  flushSync(() => root.render(element));
  void host.getBoundingClientRect();
  const ms = performance.now() - start;
  root.unmount();
  host.remove();
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

window.benchMatrix = (runs) => ({
  matrixMs: median(
    Array.from({ length: runs }, () => timeRender(<EmsMatrix skills={skills} progressBySkill={progress} />)),
  ),
  plainMs: median(Array.from({ length: runs }, () => timeRender(<PlainList />))),
});
