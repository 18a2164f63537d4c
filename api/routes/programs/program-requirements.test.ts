import { beforeEach, describe, expect, it } from 'vitest';

import { asSystem } from '#api/seed/standards.ts';
import { fingerprint, type TestApp, testApp } from '#api/test/helpers.ts';
import type { Role } from '#schema/enums.ts';
import { MSG } from '#schema/messages.ts';
import { DEFAULT_CONTACT_RULES } from '#schema/patient-contact.ts';
import * as t from '#schema/tables.ts';

let h: TestApp;
let programId: string;
let otherProgramId: string;
let studentId: string;
let otherStudentId: string;
let skillId: string;
let fireSkillId: string;

beforeEach(async () => {
  h = testApp();
  const teaches = [{ userId: h.users.instructor.id, assignedRole: 'instructor' }];
  programId = h.program({ name: 'EMT Fall', type: 'ems', certificationLevel: 'emt' }, teaches).id;
  otherProgramId = h.program({ name: 'EMT Spring', type: 'ems', certificationLevel: 'emt' }, teaches).id;
  asSystem(h.db, 'fixture', (ctx) => {
    const student = (code: string, program: string) =>
      ctx.insert(t.students, {
        firstName: 'Ana',
        lastName: code,
        email: `${code}@example.org`,
        phone: '1',
        studentCode: code,
        programId: program,
        enrollmentDate: '2026-01-10',
        expectedGraduation: '2026-12-15',
      }).id;
    studentId = student('S-1', programId);
    otherStudentId = student('S-2', otherProgramId);
    const skill = (code: string, programType: string) =>
      ctx.insert(t.skills, {
        code,
        name: `Skill ${code}`,
        category: 'Airway',
        programType,
        certificationLevel: programType === 'ems' ? 'emt' : 'firefighter_1',
        minimumAttempts: 3,
      }).id;
    skillId = skill('k1', 'ems');
    fireSkillId = skill('f1', 'fire');
  });
  for (const student of [studentId, otherStudentId]) {
    for (let i = 0; i < 3; i++) await logAttempt(student, 'lab');
  }
});

async function logAttempt(student: string, setting: string) {
  const res = await h.as('instructor', 'POST', '/api/skill-attempts', {
    studentId: student,
    skillId,
    attemptedAt: '2026-03-02T09:00:00.000Z',
    setting,
    outcome: 'successful',
  });
  expect(res.status).toBe(201);
}

const shown = async (student: string) => {
  const rows = (await (await h.as('director', 'GET', `/api/student-skills?studentId=${student}`)).json()) as {
    skillId: string;
    status: string;
    progressPercentage: number;
  }[];
  const row = rows.find((r) => r.skillId === skillId)!;
  return `${row.status} ${row.progressPercentage}`;
};
const put = (body: unknown, role: Role = 'director', program = programId) =>
  h.as(role, 'PUT', `/api/programs/${program}/requirements`, body);
const stored = async () => {
  const programs = (await (await h.as('director', 'GET', '/api/programs')).json()) as {
    id: string;
    skillMinimums: unknown;
    contactRules: unknown;
  }[];
  const p = programs.find((x) => x.id === programId)!;
  return { skillMinimums: p.skillMinimums, contactRules: p.contactRules };
};

describe('PUT /api/programs/:id/requirements: skill minimums', () => {
  it("restates the program's students at once: a lab-only completion needs clinical successes, and back", async () => {
    expect(await shown(studentId)).toBe('completed 100');

    const res = await put({ skillMinimums: { [skillId]: { total: 3, bySetting: { clinical: 2 } } } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ skillMinimums: { [skillId]: { total: 3, bySetting: { clinical: 2 } } } });
    // 3 of 3 in all plus 0 of 2 clinical: 3 of 5 required successes
    expect(await shown(studentId)).toBe('in_progress 60');
    expect(await shown(otherStudentId)).toBe('completed 100');

    await logAttempt(studentId, 'clinical');
    expect(await shown(studentId)).toBe('in_progress 80');
    await logAttempt(studentId, 'clinical');
    expect(await shown(studentId)).toBe('completed 100');

    expect((await put({ skillMinimums: { [skillId]: { total: 6, bySetting: {} } } })).status).toBe(200);
    expect(await shown(studentId)).toBe('in_progress 83');
    expect((await put({ skillMinimums: null })).status).toBe(200);
    expect(await shown(studentId)).toBe('completed 100');
    expect(await stored()).toEqual({ skillMinimums: null, contactRules: null });
  });

  it("leaves a staff member's status override standing", async () => {
    await put({ skillMinimums: { [skillId]: { total: 5, bySetting: {} } } });
    expect(await shown(studentId)).toBe('in_progress 60');
    const judged = await h.as('instructor', 'POST', '/api/student-skills', {
      studentId,
      skillId,
      status: 'completed',
      progressPercentage: 100,
      attempts: 3,
      successfulAttempts: 3,
    });
    expect(judged.status).toBeLessThan(300);
    expect(await shown(studentId)).toBe('completed 100');
    await put({ skillMinimums: { [skillId]: { total: 8, bySetting: { field: 2 } } } });
    expect(await shown(studentId)).toBe('completed 100');
  });

  it("keeps only minimums that differ from the catalogue's, so a skill left at its default follows the catalogue", async () => {
    expect((await put({ skillMinimums: { [skillId]: { total: 3, bySetting: {} } } })).status).toBe(200);
    expect((await stored()).skillMinimums).toBeNull();
  });
});

describe('PUT /api/programs/:id/requirements: contact rules', () => {
  const rules = {
    ageBands: [
      { label: 'Pediatric', fromMonths: 0, minimum: 10 },
      { label: 'Adult', fromMonths: 18 * 12, minimum: 40 },
    ],
    pathologyMap: { 'Chest Pain': 'Cardiac', Stroke: 'Neuro' },
    pathologyMinimums: { Cardiac: 10, Neuro: 5, Other: 3 },
    teamLeadMinimum: 12,
  };

  it('stores the rules as sent, leaves the minimums alone, and null goes back to the defaults', async () => {
    await put({ skillMinimums: { [skillId]: { total: 4, bySetting: {} } } });
    expect((await put({ contactRules: rules })).status).toBe(200);
    expect(await stored()).toEqual({ skillMinimums: { [skillId]: { total: 4, bySetting: {} } }, contactRules: rules });
    expect((await put({ contactRules: null })).status).toBe(200);
    expect((await stored()).contactRules).toBeNull();
    expect((await put({ contactRules: DEFAULT_CONTACT_RULES })).status).toBe(200);
    expect((await stored()).contactRules).toEqual(DEFAULT_CONTACT_RULES);
  });

  it('refuses bad requirements with a message, changing nothing', async () => {
    const bad: [unknown, string, string][] = [
      [{ skillMinimums: { [skillId]: { total: 0, bySetting: {} } } }, 'skillMinimums', MSG.minimumTotalRange],
      [
        { skillMinimums: { [skillId]: { total: 2, bySetting: { clinical: 3 } } } },
        'skillMinimums',
        MSG.settingMinimumsOverTotal,
      ],
      [{ skillMinimums: { [skillId]: { total: 2, bySetting: { ward: 1 } } } }, 'skillMinimums', ''],
      [{ skillMinimums: { nope: { total: 2, bySetting: {} } } }, 'skillMinimums', MSG.skillUnknown],
      [{ skillMinimums: { [fireSkillId]: { total: 2, bySetting: {} } } }, 'skillMinimums', MSG.skillUnknown],
      // a key JSON.parse keeps as the record's own, where an object literal would set the prototype instead
      [JSON.parse('{"skillMinimums":{"__proto__":{"total":2,"bySetting":{}}}}'), 'skillMinimums', MSG.skillUnknown],
      [
        { contactRules: { ...rules, ageBands: [{ label: 'Adult', fromMonths: 216, minimum: 1 }] } },
        'contactRules',
        MSG.ageBandsOrder,
      ],
      [{ contactRules: { ...rules, ageBands: [...rules.ageBands].reverse() } }, 'contactRules', MSG.ageBandsOrder],
      [
        { contactRules: { ...rules, ageBands: [rules.ageBands[0], { ...rules.ageBands[1], label: 'pediatric' }] } },
        'contactRules',
        MSG.ageBandsUnique,
      ],
      [{ contactRules: { ...rules, pathologyMap: { Stroke: 'Brain' } } }, 'contactRules', MSG.categoryUnknown],
      [{ contactRules: { ...rules, pathologyMap: { 'Not an impression': 'Cardiac' } } }, 'contactRules', ''],
      [{ contactRules: { ...rules, pathologyMinimums: { '<b>x</b>': 1 } } }, 'contactRules', MSG.categoryNameInvalid],
      [{ contactRules: { ...rules, teamLeadMinimum: -1 } }, 'contactRules', MSG.countRange],
      [{ contactRules: 'defaults' }, 'contactRules', ''],
    ];
    await put({ contactRules: rules });
    const before = fingerprint(h.db);
    for (const [body, field, message] of bad) {
      const raw = JSON.stringify(body);
      const res = await put(body);
      expect(res.status, raw).toBe(400);
      const errors = ((await res.json()) as { fields: Record<string, string> }).fields;
      if (message) expect(errors[field], raw).toBe(message);
      else expect(errors[field], raw).toBeTruthy();
    }
    expect(fingerprint(h.db)).toBe(before);
  });

  it('is refused to everyone but directors and administration, and 404 for an unknown program', async () => {
    const before = fingerprint(h.db);
    for (const role of ['student', 'preceptor', 'instructor', 'clinical_coordinator'] as const) {
      expect((await put({ contactRules: rules }, role)).status).toBe(403);
    }
    expect((await put({ contactRules: rules }, 'director', 'no-such-program')).status).toBe(404);
    expect(fingerprint(h.db)).toBe(before);
    expect((await put({ contactRules: rules }, 'administration')).status).toBe(200);
  });
});
