import { writeFileSync } from 'node:fs';
import { it } from 'vitest';
import { CASES, world } from '#api/test/route-cases.ts';
it('x', async () => {
  const out: string[] = [];
  for (const c of CASES) {
    const x = world();
    const role = c.allowed[0];
    const [method] = c.route.split(' ');
    const res = await x.h.as(role, method, c.path(x), c.body?.(x, role));
    const ct = res.headers.get('content-type') ?? '';
    let shape = '';
    if (ct.includes('json')) {
      const j = await res.json();
      const one = Array.isArray(j) ? j[0] : j;
      shape = `${Array.isArray(j) ? 'ARRAY' : 'OBJ'} ${one && typeof one === 'object' ? Object.keys(one).slice(0, 8).join(',') : JSON.stringify(one)}`;
    }
    out.push(`${c.route} | ${role} | ${res.status} | ${ct} | ${shape}`);
  }
  writeFileSync('/tmp/interop-vt/walk.txt', out.join('\n'));
}, 300000);
