/**
 * Kept answers are keyed on what the route reads (its parsed query), not on the URL as sent: parameters it ignores
 * cannot fill the store with copies nor force the answer to be computed again.
 */
import { beforeEach, describe, expect, it } from 'vitest';

import * as t from '#schema/tables.ts';

import { connectionOf } from '../db/statements.ts';
import { asSystem } from '../seed/standards.ts';
import { type TestApp, testApp } from '../test/helpers.ts';

let h: TestApp;

beforeEach(() => {
  h = testApp();
  const ems = h.program({ name: 'EMT', type: 'ems' });
  asSystem(h.db, 'fixture', (ctx) =>
    ctx.insert(t.students, {
      firstName: 'Ada',
      lastName: 'A',
      email: 'a@test.local',
      phone: '555',
      studentCode: 'A',
      programId: ems.id,
      enrollmentDate: '2026-01-10',
      expectedGraduation: '2026-12-15',
    }),
  );
});

/**
 * Changes the student behind the server's back: no command ran, so the data version did not move and only an answer
 * computed afresh shows the change.
 */
const changeUnseen = () =>
  connectionOf(h.db).prepare("update students set first_name = 'Changed', is_active = 0").run();

async function firstNames(url: string) {
  const res = await h.as('director', 'GET', url);
  expect(res.status, url).toBe(200);
  return ((await res.json()) as { firstName: string }[]).map((s) => s.firstName);
}

describe('kept answers', () => {
  it('a page is served kept whatever else the query string says, and computed afresh for another page', async () => {
    expect(await firstNames('/api/students?limit=5')).toEqual(['Ada']);
    changeUnseen();
    for (const url of [
      '/api/students?limit=5&x=1',
      '/api/students?x=2&limit=5',
      '/api/students?offset=0&limit=5',
      '/api/students?limit=%35',
      '/api/students?limit=5&search=',
      '/api/students?limit=5&search=%20',
      '/api/stud%65nts?limit=5',
    ])
      expect(await firstNames(url), url).toEqual(['Ada']);
    expect(await firstNames('/api/students?limit=4')).toEqual(['Changed']);
  });

  it('a whole list is served kept with junk parameters too', async () => {
    expect(await firstNames('/api/students')).toEqual(['Ada']);
    changeUnseen();
    for (let i = 0; i < 5; i++) expect(await firstNames(`/api/students?junk${i}=${i}`)).toEqual(['Ada']);
  });

  it('a report is kept per day, not per query string', async () => {
    const stats = async (url: string) =>
      (await (await h.as('director', 'GET', url)).json()) as { activeStudents: number };
    const before = await stats('/api/dashboard/stats');
    changeUnseen();
    expect(await stats('/api/dashboard/stats?x=1')).toEqual(before);
    expect(await stats('/api/dashboard/stats?cache-buster=2')).toEqual(before);
  });

  it('a whole list is not kept when a piece of it was read inside a transaction that then rolled back', async () => {
    const ems = h.program({ name: 'Medic', type: 'ems' });
    asSystem(h.db, 'fixture', (ctx) => {
      for (let i = 0; i < 150; i++) {
        ctx.insert(t.students, {
          firstName: 'Bo',
          lastName: `B${i}`,
          email: `b${i}@test.local`,
          phone: '555',
          studentCode: `B${i}`,
          programId: ems.id,
          enrollmentDate: '2026-01-10',
          expectedGraduation: '2026-12-15',
        });
      }
    });
    const conn = connectionOf(h.db);
    const res = await h.as('director', 'GET', '/api/students');
    const reader = res.body!.getReader();
    conn.prepare('begin').run();
    conn.prepare("update students set first_name = 'Ghost'").run();
    const pieces = [(await reader.read()).value!, (await reader.read()).value!];
    conn.prepare('rollback').run();
    for (let r = await reader.read(); !r.done; r = await reader.read()) pieces.push(r.value);
    expect(Buffer.concat(pieces).toString()).toContain('Ghost');
    expect(await firstNames('/api/students')).not.toContain('Ghost');
  });
});
