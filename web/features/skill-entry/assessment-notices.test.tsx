// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { TrainingDb } from '#web/lib/sync-client.ts';
import { skillRow, studentRow } from '#web/lib/testing/test-rows.ts';
import { renderWithRows, userRow } from '#web/lib/testing/test-sync.tsx';

import { AssessmentNotices } from './assessment-notices.tsx';

let db: TrainingDb;
afterEach(async () => {
  cleanup();
  await db.delete();
});

describe('changes not kept', () => {
  it('names the field, the student, the skill and whose later change stands, until dismissed', async () => {
    ({ db } = await renderWithRows(<AssessmentNotices />, {
      users: [userRow('user-2', { firstName: 'Irene', lastName: 'Okafor' })],
      students: [studentRow('s1', { firstName: 'Maya', lastName: 'Chen' })],
      skills: [skillRow('opa', { name: 'Insert OPA' })],
    }));
    await db.notices.add({
      studentId: 's1',
      skillId: 'opa',
      field: 'statusOverride',
      by: 'user-2',
      at: '2026-11-21T10:00:00.000Z',
      mine: 'completed',
    });
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(
      "Your change to Status on Maya Chen / Insert OPA was not kept: Irene Okafor's later change",
    );
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(await db.notices.count()).toBe(0);
  });

  it('keeps what the user typed: shows it, copies it, and "Use mine instead" saves it again as a new edit', async () => {
    ({ db } = await renderWithRows(<AssessmentNotices />, {
      users: [userRow('user-2', { firstName: 'Irene', lastName: 'Okafor' })],
      students: [studentRow('s1', { firstName: 'Maya', lastName: 'Chen' })],
      skills: [skillRow('opa', { name: 'Insert OPA' })],
    }));
    const clipboard = userEvent.setup();
    await db.notices.add({
      studentId: 's1',
      skillId: 'opa',
      field: 'notes',
      by: 'user-2',
      at: '2026-11-21T10:00:00.000Z',
      mine: 'Needs coaching on the seal',
    });
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('You wrote: Needs coaching on the seal');
    await clipboard.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe('Needs coaching on the seal');
    await clipboard.click(screen.getByRole('button', { name: 'Use mine instead' }));
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      name: 'editSkillAssessment',
      args: { studentId: 's1', skillId: 'opa', changes: { notes: 'Needs coaching on the seal' } },
    });
    expect(await db.notices.count()).toBe(0);
  });

  it("reads no one's names while there is no notice, so a first sync's rows redraw nothing here", async () => {
    ({ db } = await renderWithRows(<AssessmentNotices />, {
      students: [studentRow('s1', { firstName: 'Maya', lastName: 'Chen' })],
      skills: [skillRow('opa', { name: 'Insert OPA' })],
    }));
    const reads = vi.spyOn(db, 'rows');
    // rows stored as a first sync stores them
    await db.domain('skills').put(skillRow('bvm', { name: 'BVM ventilation' }));
    await db.domain('users').put(userRow('user-2', { firstName: 'Irene', lastName: 'Okafor' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(reads).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    // a notice then names them
    await db.notices.add({
      studentId: 's1',
      skillId: 'bvm',
      field: 'statusOverride',
      by: 'user-2',
      at: '2026-11-21T10:00:00.000Z',
      mine: 'completed',
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Status on Maya Chen / BVM ventilation');
  });
});
