import { afterEach, describe, expect, it } from 'vitest';

import { TrainingDb } from '#sync/client/db.ts';

import { forgetDrafts } from './drafts.tsx';

const db = new TrainingDb(`drafts-${crypto.randomUUID()}`);
afterEach(() => db.delete());

describe('drafts at sign-out', () => {
  it("removes every form's draft and keeps the device's other entries", async () => {
    await db.setMeta('draft:patient-contact:s1', { ageYears: 58 });
    await db.setMeta('draft:sign-off', { preceptor: { name: 'Pat Nguyen' } });
    await db.setMeta('cookie', { version: 3 });
    await forgetDrafts(db);
    expect((await db.meta.toArray()).map((m) => m.key)).toEqual(['cookie']);
  });
});
