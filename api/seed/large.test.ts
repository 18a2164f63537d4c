import { describe, expect, it } from 'vitest';

import { entryOf, figuresOf, foldEntries, summaryColumns } from '#schema/skill-figures.ts';
import * as t from '#schema/tables.ts';

import { openDb } from '../db/open.ts';
import { seedLarge } from './large.ts';
import { seedStandards } from './standards.ts';

describe('seed:large', () => {
  it("writes an evidence log, and every summary row holds the figures its pair's log gives", () => {
    const db = openDb(':memory:');
    seedStandards(db);
    const size = { programs: 2, studentsPerProgram: 3, skills: 20 };
    expect(seedLarge(db, 'large-password', size)).toEqual({ students: 6, progressRows: 120 });

    const log = db.select().from(t.skillAttempts).all();
    expect(log.length).toBeGreaterThan(120);
    const summaries = db.select().from(t.studentSkills).all();
    expect(summaries).toHaveLength(120);
    const statuses = new Set<string>();
    for (const row of summaries) {
      const entries = log.filter((e) => e.studentId === row.studentId && e.skillId === row.skillId).map(entryOf);
      expect(summaryColumns(figuresOf(row))).toEqual(summaryColumns(foldEntries(entries)));
      statuses.add(row.status);
    }
    expect([...statuses].sort()).toEqual(['completed', 'in_progress', 'not_started']);
  });
});
