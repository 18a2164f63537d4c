// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { FIGURES } from '#schema/figures.ts';
import type { TrainingDb } from '#web/lib/sync-client.ts';
import { renderWithRows } from '#web/lib/testing/test-sync.tsx';
import { AboutFigure } from '#web/lib/ui/display.tsx';

import { RAM_YEAR, type RamRow } from './accreditation-rules.ts';
import { RamTab } from './ram-tab.tsx';

const area = (id: string, over: Partial<RamRow>): RamRow => ({
  id,
  programId: null,
  year: RAM_YEAR,
  componentArea: `Area ${id}`,
  componentDescription: null,
  status: 'pending',
  compliancePercentage: null,
  improvementPlan: null,
  assessmentDate: null,
  confidence: 'uncertain',
  source: null,
  createdAt: '',
  updatedAt: '',
  version: 1,
  ...over,
});

let db: TrainingDb;
afterEach(async () => {
  cleanup();
  await db.delete();
});
// the shell fetches the About buttons' code once the first screen is up (display.tsx)
beforeAll(() => AboutFigure.preload());

describe('RAM tab', () => {
  it('names its average apart from Average Requirement Compliance, and explains it', async () => {
    ({ db } = await renderWithRows(<RamTab canManage={false} />, {
      ramAssessments: [
        area('1', { status: 'completed', compliancePercentage: 90 }),
        area('2', { status: 'completed', compliancePercentage: 70 }),
        area('3', {}),
      ],
    }));
    const name = await screen.findByText(FIGURES.assessedRamAverage.name);
    expect(name.nextSibling).toHaveTextContent('80%');
    expect(screen.queryByText('Average Compliance')).not.toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', { name: `About this figure: ${FIGURES.assessedRamAverage.name}` }),
    );
    expect(await screen.findByText(FIGURES.assessedRamAverage.about)).toBeVisible();
  });
});
