import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';

import { contactBody, emsWorld, poster } from '#api/test/ems-fixtures.ts';
import { type TestApp, testApp } from '#api/test/helpers.ts';
import type { Role } from '#schema/enums.ts';
import type { SmcFigures } from '#schema/smc.ts';
import * as t from '#schema/tables.ts';

let h: TestApp;
let mine: string;
let other: string;
let ivId: string;
let post: ReturnType<typeof poster>;

/** Two paramedic programs: the instructor and preceptor work in the student's, a second student is in the other. */
beforeEach(() => {
  h = testApp({ standards: true });
  ({ mine, other } = emsWorld(h));
  post = poster(h);
  ivId = h.db.select().from(t.skills).where(eq(t.skills.code, 'ems-pm-t3-iv-access')).get()!.id;
});

const contact = (studentId: string, setting: string, primaryImpression: string) =>
  contactBody(studentId, primaryImpression, setting);

const smcAs = async (role: Role, studentId: string) => h.as(role, 'GET', `/api/students/${studentId}/smc`);

describe('GET /api/students/:id/smc', () => {
  it('answers the one model: verified records meet minimums, the student’s own wait apart, by setting', async () => {
    await post('instructor', '/api/patient-contacts', contact(mine, 'field', 'Trauma-Head'));
    await post('instructor', '/api/patient-contacts', contact(mine, 'clinical', 'Trauma-Chest'));
    await post('student', '/api/patient-contacts', contact(mine, 'field', 'Trauma-Extremity'));
    const attempt = { studentId: mine, skillId: ivId, attemptedAt: '2026-11-20T10:00:00.000Z' };
    await post('instructor', '/api/skill-attempts', { ...attempt, setting: 'lab', outcome: 'successful' });
    await post('instructor', '/api/skill-attempts', { ...attempt, setting: 'lab', outcome: 'unsuccessful' });
    await post('student', '/api/skill-attempts', { ...attempt, setting: 'clinical', outcome: 'successful' });

    const res = await smcAs('student', mine);
    expect(res.status).toBe(200);
    const smc = (await res.json()) as SmcFigures;
    expect(smc.pathology.find((i) => i.label === 'Trauma')).toMatchObject({
      count: 2,
      minimum: 27,
      met: false,
      awaiting: { attempted: 1, successful: 1 },
      bySetting: { field: { verified: { successful: 1 }, awaiting: { successful: 1 } } },
    });
    expect(smc.age.find((i) => i.label === 'Adult')!.count).toBe(2);
    expect(smc.motor.find((i) => i.skillId === ivId)).toMatchObject({
      count: 1,
      attempted: 2,
      percentSuccessful: 50,
      minimum: 25,
      awaiting: { attempted: 1, successful: 1 },
    });
    // the old T1/T2 catalogue items are no motor skills
    expect(smc.motor.some((i) => /^T[12]-/.test(i.reference ?? ''))).toBe(false);
  });

  it("lets a student read only their own figures and staff only their programs' students", async () => {
    expect((await smcAs('student', mine)).status).toBe(200);
    expect((await smcAs('instructor', mine)).status).toBe(200);
    expect((await smcAs('preceptor', mine)).status).toBe(200);
    expect((await smcAs('director', other)).status).toBe(200);
    const unknown = await smcAs('student', 'no-such-student');
    for (const [role, id] of [
      ['student', other],
      ['instructor', other],
      ['preceptor', other],
    ] as const) {
      const res = await smcAs(role, id);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual(await unknown.clone().json());
    }
    expect((await h.as(null, 'GET', `/api/students/${mine}/smc`)).status).toBe(401);
  });
});

describe('GET /api/reports/smc', () => {
  it('lists only the students the caller may see, each with the same figures as their own answer', async () => {
    await post('instructor', '/api/patient-contacts', contact(mine, 'field', 'ACS'));
    const ids = async (role: Role, query = '') =>
      ((await (await h.as(role, 'GET', `/api/reports/smc${query}`)).json()) as { studentId: string }[]).map(
        (r) => r.studentId,
      );
    expect(await ids('student')).toEqual([mine]);
    expect(await ids('instructor')).toEqual([mine]);
    expect((await ids('director')).sort()).toEqual([mine, other].sort());
    const row = ((await (await h.as('director', 'GET', '/api/reports/smc')).json()) as { studentId: string }[]).find(
      (r) => r.studentId === mine,
    );
    expect(row).toMatchObject({ smc: await (await smcAs('director', mine)).json() });
  });
});
