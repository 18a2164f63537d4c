import { describe, expect, it } from 'vitest';
import { openDb } from '../db/open.ts';
import { CHANGED_STUDENTS } from './student-figures.ts';

describe("kept students' figures", () => {
  it('find the students changed since a version on each table’s version index, never by walking every record', () => {
    const db = openDb();
    const plan = (db.$client.prepare(`explain query plan ${CHANGED_STUDENTS}`).all({ v: 0 }) as { detail: string }[])
      .map((r) => r.detail)
      .filter((d) => /student_skills|clinical_hours|students/.test(d));
    expect(plan).toEqual([
      expect.stringMatching(/^SEARCH student_skills USING INDEX student_skills_version/),
      expect.stringMatching(/^SEARCH clinical_hours USING INDEX clinical_hours_version/),
      expect.stringMatching(/^SEARCH students USING INDEX students_version/),
    ]);
    db.$client.close();
  });
});
