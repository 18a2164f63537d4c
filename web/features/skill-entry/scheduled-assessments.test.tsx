// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import type { TrainingDb } from '#web/lib/sync-client.ts';
import { progressRow, skillRow, studentRow } from '#web/lib/testing/test-rows.ts';
import { renderWithRows } from '#web/lib/testing/test-sync.tsx';

import { ScheduledAssessments } from './scheduled-assessments.tsx';

const student = studentRow('s1', { firstName: 'Maya', lastName: 'Chen' });
let db: TrainingDb;
afterEach(async () => {
  cleanup();
  await db.delete();
});

describe('scheduled assessments', () => {
  it('Schedule opens the skill on its assessment fields, with the next assessment date', async () => {
    ({ db } = await renderWithRows(<ScheduledAssessments students={[student]} canRecord today="2026-11-21" />, {
      skills: [skillRow('opa', { name: 'Insert OPA' })],
      studentSkills: [progressRow('s1', 'opa', { nextAssessmentDate: '2026-11-25' })],
    }));
    await userEvent.click(await screen.findByRole('button', { name: 'Schedule Insert OPA for Maya Chen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Update Skill Progress' }));
    expect(dialog.getByRole('tab', { name: 'Assessment', selected: true })).toBeInTheDocument();
    expect(await dialog.findByLabelText('Next Assessment Date')).toHaveValue('2026-11-25');
  });

  it('draws a long list a page at a time, and Show more adds the next', async () => {
    const skills = Array.from({ length: 60 }, (_, i) => skillRow(`k${i}`, { name: `Skill ${i}` }));
    ({ db } = await renderWithRows(<ScheduledAssessments students={[student]} canRecord={false} today="2026-11-21" />, {
      skills,
      studentSkills: skills.map((k) => progressRow('s1', k.id, { nextAssessmentDate: '2026-12-01' })),
    }));
    const list = await screen.findByRole('list', { name: 'Scheduled assessments' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(50);
    expect(screen.getByText('Showing 50 of 60 assessments')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show 10 more' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(60);
  });
});
