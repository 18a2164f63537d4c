/**
 * Walks every signed-in route for every role and checks the permission matrix: roles the matrix allows succeed (2xx),
 * others are refused (403, or 404 where the record is outside what they may see). Every route the app registers must
 * appear in the cases (api/test/route-cases.ts), so a new route cannot ship without a decision about who may call it.
 */
import { describe, expect, it } from 'vitest';

import { CASES, PUBLIC, world } from '#api/test/route-cases.ts';
import { ROLES } from '#schema/enums.ts';

describe('permission matrix, every route x every role', () => {
  it('covers every route the app serves', () => {
    const { h } = world();
    const served = new Set(h.app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`));
    const covered = new Set([...CASES.map((x) => x.route), ...PUBLIC]);
    expect([...served].filter((r) => !covered.has(r))).toEqual([]);
    expect([...covered].filter((r) => !served.has(r))).toEqual([]);
  });

  for (const x of CASES) {
    it(`${x.route}`, async () => {
      const outcomes: Record<string, number> = {};
      const expected: Record<string, number | string> = {};
      for (const role of [null, ...ROLES] as const) {
        const ctx = world();
        const [method] = x.route.split(' ');
        const res = await ctx.h.as(role, method, x.path(ctx), role ? x.body?.(ctx, role) : undefined);
        const key = role ?? 'signed-out';
        outcomes[key] = res.status;
        expected[key] = role === null ? 401 : x.allowed.includes(role) ? '2xx' : (x.refused?.[role] ?? 403);
        if (expected[key] === '2xx' && res.status >= 200 && res.status < 300)
          outcomes[key] = '2xx' as unknown as number;
      }
      expect(outcomes).toEqual(expected);
    });
  }
});
