/**
 * An attempt's verification follows the sign-off's state and the student's current program, whichever changes last
 * (issue 25, item 5): it is never left standing by a state or a program the attempt no longer answers to.
 */
import { beforeEach, describe, expect, it } from 'vitest';

import { type SignOffWorld, signOffWorld } from '#api/test/sign-off-world.ts';

let w: SignOffWorld;
beforeEach(() => {
  w = signOffWorld();
});

/** A shift the student logged and signed, confirmed by the preceptor's link: its attempts count where A counts it. */
async function confirmedShift() {
  const signOff = await w.post('student', '/api/sign-offs', w.signed(await w.attempts()));
  expect(signOff.status).toBe(201);
  const token = (await w.mailedLinks()).get(signOff.body.id)!;
  expect((await w.answerLink(token, { decision: 'confirm' })).status).toBe(200);
  expect(await w.figures()).toEqual({ attempts: 3, pending: 0 });
  return signOff.body.id;
}

describe('verification by a sign-off', () => {
  it('is taken back when the student moves to a program that does not count its state, and given back on return', async () => {
    await confirmedShift();
    expect((await w.countStates(w.programs[1], ['code_verified'])).status).toBe(200);

    expect((await w.moveTo(w.programs[1])).status).toBe(200);
    expect(await w.figures()).toEqual({ attempts: 0, pending: 3 });
    expect((await w.moveTo(w.programs[0])).status).toBe(200);
    expect(await w.figures()).toEqual({ attempts: 3, pending: 0 });
  });

  it('is taken back when the sign-off is rejected after the student moved program', async () => {
    const id = await confirmedShift();
    expect((await w.countStates(w.programs[1], ['code_verified'])).status).toBe(200);
    expect((await w.moveTo(w.programs[1])).status).toBe(200);

    expect((await w.review(id, 'reject')).status).toBe(200);
    expect(await w.figures()).toEqual({ attempts: 0, pending: 3 });
  });

  it('counts a new sign-off at once where the program counts "awaiting", and still after it is confirmed', async () => {
    expect((await w.countStates(w.programs[0], ['awaiting', 'confirmed'])).status).toBe(200);
    const signOff = await w.post('student', '/api/sign-offs', w.signed(await w.attempts()));
    expect(signOff.status).toBe(201);
    expect(await w.figures()).toEqual({ attempts: 3, pending: 0 });

    const token = (await w.mailedLinks()).get(signOff.body.id)!;
    expect((await w.answerLink(token, { decision: 'confirm' })).status).toBe(200);
    expect(await w.figures()).toEqual({ attempts: 3, pending: 0 });
  });
});

describe('a student moved to another program', () => {
  it("is measured against the new program's minimums at once", async () => {
    const logged = await w.post('instructor', '/api/skill-attempts', {
      studentId: w.studentId,
      skillId: w.skillId,
      attemptedAt: '2026-11-20T14:00:00.000Z',
      setting: 'field',
      outcome: 'successful',
    });
    expect(logged.status).toBe(201);
    const stricter = { skillMinimums: { [w.skillId]: { total: 4, bySetting: {} } } };
    expect((await w.post('director', `/api/programs/${w.programs[1]}/requirements`, stricter, 'PUT')).status).toBe(200);
    const shown = async () => {
      const rows = await (await w.h.as('director', 'GET', `/api/student-skills?studentId=${w.studentId}`)).json();
      return (rows as { status: string; progressPercentage: number }[]).map((r) => [r.status, r.progressPercentage]);
    };
    expect(await shown()).toEqual([['in_progress', 50]]);

    expect((await w.moveTo(w.programs[1])).status).toBe(200);
    expect(await shown()).toEqual([['in_progress', 25]]);
  });
});
