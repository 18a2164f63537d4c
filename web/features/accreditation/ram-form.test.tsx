// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';

import { SyncValueProvider } from '#web/lib/sync.tsx';
import { SyncEngine, TrainingDb } from '#web/lib/sync-client.ts';

import type { RamRow } from './accreditation-rules.ts';
import { RamForm } from './ram-tab.tsx';

const item: RamRow = {
  id: 'ram-1',
  programId: null,
  year: 2025,
  componentArea: 'Faculty',
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
};
let db: TrainingDb;
let engine: SyncEngine;
let server: Mock;
let onDone: Mock<() => void>;

beforeEach(() => {
  db = new TrainingDb(`ram-form-${crypto.randomUUID()}`);
  // the REST call answers like the server; the sync engine itself stays offline
  server = vi.fn(async () => new Response(JSON.stringify({ ...item, status: 'completed' }), { status: 200 }));
  vi.stubGlobal('fetch', server);
  onDone = vi.fn();
  engine = new SyncEngine({
    db,
    userId: 'user-1',
    autoRetry: false,
    fetch: () => Promise.reject(new TypeError('offline')),
  });
  render(
    <SyncValueProvider value={{ db, engine }}>
      <RamForm item={item} onDone={onDone} />
    </SyncValueProvider>,
  );
});
afterEach(async () => {
  cleanup();
  // a successful save starts a sync round: let it finish before the database goes
  await engine.sync();
  vi.unstubAllGlobals();
  await db.delete();
});

const saveButton = () => screen.getByRole('button', { name: 'Save Assessment' });
const sentBody = () => JSON.parse((server.mock.calls[0][1] as RequestInit).body as string) as Record<string, unknown>;

describe('RAM assessment form', () => {
  it('keeps Save Assessment disabled until a percentage is chosen', async () => {
    expect(saveButton()).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Improvement Plan'), 'A plan without a percentage');
    expect(saveButton()).toBeDisabled();
    await userEvent.selectOptions(screen.getByLabelText('Compliance Percentage'), '85');
    expect(saveButton()).toBeEnabled();
    await userEvent.selectOptions(screen.getByLabelText('Compliance Percentage'), '');
    expect(saveButton()).toBeDisabled();
  });

  it('offers the percentages 100 down to 50', () => {
    const options = [...screen.getByLabelText<HTMLSelectElement>('Compliance Percentage').options].map(
      (o) => o.textContent,
    );
    expect(options).toEqual([
      'Select a percentage',
      '100%',
      '95%',
      '90%',
      '85%',
      '80%',
      '75%',
      '70%',
      '65%',
      '60%',
      '55%',
      '50%',
    ]);
  });

  it('saves completed now with the percentage and the trimmed plan', async () => {
    await userEvent.selectOptions(screen.getByLabelText('Compliance Percentage'), '90');
    await userEvent.type(screen.getByLabelText('Improvement Plan'), '   Add a second skills lab   ');
    await userEvent.click(saveButton());
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(server).toHaveBeenCalledWith('/api/ram/assessments/ram-1', expect.objectContaining({ method: 'PATCH' }));
    const body = sentBody();
    expect(body).toMatchObject({
      status: 'completed',
      compliancePercentage: 90,
      improvementPlan: 'Add a second skills lab',
    });
    expect(Math.abs(Date.parse(body.assessmentDate as string) - Date.now())).toBeLessThan(60_000);
  });

  it('sends no plan when it is blank after trimming', async () => {
    await userEvent.selectOptions(screen.getByLabelText('Compliance Percentage'), '70');
    await userEvent.type(screen.getByLabelText('Improvement Plan'), '    ');
    await userEvent.click(saveButton());
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sentBody()).not.toHaveProperty('improvementPlan');
  });

  it('stays open when the server refuses', async () => {
    server.mockImplementation(
      async () => new Response(JSON.stringify({ error: 'You do not have permission to do this' }), { status: 403 }),
    );
    await userEvent.selectOptions(screen.getByLabelText('Compliance Percentage'), '70');
    await userEvent.click(saveButton());
    await waitFor(() => expect(server).toHaveBeenCalled());
    expect(onDone).not.toHaveBeenCalled();
    expect(saveButton()).toBeEnabled();
  });
});
