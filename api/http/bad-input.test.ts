/** Bad input gets a clear 4xx and never a 5xx or a stack trace, on every write route. */
import { describe, expect, it } from 'vitest';

import { SAME_ORIGIN, testApp } from '../test/helpers.ts';

const BAD_BODIES: (string | undefined)[] = [
  undefined,
  '',
  '{',
  'null',
  '[]',
  '"text"',
  '42',
  '{}',
  '{"id": 5}',
  '{"id": "not-a-uuid"}',
  JSON.stringify({
    firstName: { $ne: 1 },
    email: ['a'],
    programId: null,
    progressPercentage: 'NaN',
    requestedDates: 'x',
  }),
  JSON.stringify({ name: 'x'.repeat(100_000), type: '<script>alert(1)</script>', duration: -1, credits: 1e308 }),
  JSON.stringify({ __proto__: { admin: true }, constructor: { prototype: {} }, role: 'director' }),
];

describe('bad input on every write route', () => {
  it('answers 4xx with an error message and no stack trace', async () => {
    const h = testApp({ standards: true });
    // signing out would end the session every later route is called with
    const writes = [
      ...new Set(
        h.app.routes.filter((r) => r.method !== 'ALL' && r.method !== 'GET').map((r) => `${r.method} ${r.path}`),
      ),
    ].filter((r) => r !== 'POST /api/logout');
    expect(writes.length).toBeGreaterThan(40);
    const cookie = await h.login('director');
    for (const route of writes) {
      const [method, pattern] = route.split(' ');
      const path = pattern.replace(':kind', 'program-join').replace(/:[a-zA-Z]+/g, crypto.randomUUID());
      for (const body of BAD_BODIES) {
        const res = await h.app.request(path, {
          method,
          headers: { cookie, ...SAME_ORIGIN, 'content-type': 'application/json' },
          body,
        });
        const text = await res.text();
        expect(res.status, `${route} ${body?.slice(0, 40)}`).toBeLessThan(500);
        expect(text, route).not.toMatch(/\n\s+at /);
        if (res.status >= 400) expect(JSON.parse(text).error, route).toEqual(expect.any(String));
      }
    }
  });
});
