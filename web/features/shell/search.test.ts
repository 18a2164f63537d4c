import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { TrainingDb } from '#web/lib/sync-client.ts';
import { skillRow } from '#web/lib/testing/test-rows.ts';

import { searchRecords } from './search.ts';

let db: TrainingDb;
beforeEach(async () => {
  db = new TrainingDb(`search-${crypto.randomUUID()}`);
  await db
    .rows('skills')
    .bulkPut([
      skillRow('opa', { name: 'Insert OPA' }),
      skillRow('hose', { name: 'Insert hose coupling', programType: 'fire', certificationLevel: 'firefighter_1' }),
    ]);
});
afterEach(() => db.delete());

const skillHit = async (role: Parameters<typeof searchRecords>[2], name: string) =>
  (await searchRecords(db, 'insert', role)).find((h) => h.kind === 'Skill' && h.label === name);

describe('header search: a skill hit', () => {
  it('opens the one-tap Successful / Unsuccessful card of an EMS skill for students and preceptors', async () => {
    for (const role of ['student', 'preceptor'] as const)
      expect(await skillHit(role, 'Insert OPA'), role).toMatchObject({
        to: '/ems/skill-entry',
        search: { skill: 'opa' },
      });
  });

  it('opens the tracker for a fire skill, and for a role that does not log attempts', async () => {
    expect(await skillHit('student', 'Insert hose coupling')).toMatchObject({
      to: '/fire/competency-tracker',
      search: { q: 'Insert hose coupling' },
    });
    expect(await skillHit('clinical_coordinator', 'Insert OPA')).toMatchObject({
      to: '/ems/competency-tracker',
      search: { q: 'Insert OPA' },
    });
  });
});
