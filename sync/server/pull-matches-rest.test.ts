/** What a device receives in a full pull is exactly what the REST reads show the same user. */
import { describe, expect, it } from 'vitest';
import { ROLES } from '../../schema/enums.ts';
import { LIST_PAGE_MAX, TOTAL_COUNT_HEADER } from '../../schema/paging.ts';
import { createApp } from '../../api/app.ts';
import { openDb } from '../../api/db/open.ts';
import { demoEmail, seedDemo } from '../../api/seed/demo.ts';
import { seedStandards } from '../../api/seed/standards.ts';
import { SAME_ORIGIN } from '../../api/test/helpers.ts';
import type { PullResponse, SyncedTableName } from '../protocol.ts';

const db = openDb(':memory:');
seedStandards(db);
seedDemo(db, 'pull-test-password');
const app = createApp({ db, dataDir: '/tmp', demo: false });

async function signIn(role: string) {
  const res = await app.request('/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demoEmail(role as never), password: 'pull-test-password' }),
  });
  return res.headers.get('set-cookie')!.split(';')[0];
}

const REST: [SyncedTableName, string][] = [
  ['students', '/api/students'],
  ['studentSkills', '/api/student-skills'],
  ['clinicalHours', '/api/clinical-hours'],
  ['messages', '/api/messages'],
  ['documents', '/api/documents'],
  ['programs', '/api/programs'],
  ['skills', '/api/skills'],
  ['clinicalSites', '/api/clinical-sites'],
  ['users', '/api/users'],
];
const REQUEST_KINDS = ['program-join', 'role-change', 'preceptor', 'clinical-time'];

describe('full pull = REST reads, per role', () => {
  for (const role of ROLES) {
    it(role, async () => {
      const cookie = await signIn(role);
      /** Every page of a list (a paged list says its full length in X-Total-Count). */
      const get = async (path: string) => {
        const ids: string[] = [];
        for (;;) {
          const res = await app.request(
            `${path}${path.includes('?') ? '&' : '?'}limit=${LIST_PAGE_MAX}&offset=${ids.length}`,
            { headers: { cookie } },
          );
          if (res.status !== 200) return [];
          const page = ((await res.json()) as { id: string }[]).map((r) => r.id);
          ids.push(...page);
          const total = res.headers.get(TOTAL_COUNT_HEADER);
          if (total === null || page.length === 0 || ids.length >= Number(total)) return ids.sort();
        }
      };
      const pull = (await (
        await app.request('/api/sync/pull', {
          method: 'POST',
          headers: { cookie, ...SAME_ORIGIN, 'content-type': 'application/json' },
          body: JSON.stringify({ pullVersion: 1, clientGroupId: 'g', clientId: `c-${role}`, cookie: null }),
        })
      ).json()) as PullResponse;
      const pulled = (table: SyncedTableName) =>
        pull.patch.flatMap((p) => (p.op === 'put' && p.table === table ? [p.row.id] : [])).sort();
      for (const [table, path] of REST) expect(pulled(table), `${role} ${table}`).toEqual(await get(path));
      const requests = (await Promise.all(REQUEST_KINDS.map((k) => get(`/api/requests/${k}`)))).flat().sort();
      expect(pulled('requests'), `${role} requests`).toEqual(requests);
      expect(pulled('instructors'), `${role} instructors`).toEqual(await get('/api/instructors'));
      expect(pulled('accreditationRequirements'), `${role} requirements`).toEqual(
        await get('/api/accreditation/requirements'),
      );
      if (role === 'student') expect(pulled('studentSkills').length).toBeGreaterThan(0);
    });
  }
});
