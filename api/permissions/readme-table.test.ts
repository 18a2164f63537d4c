import { readFileSync } from 'node:fs';

import { expect, it } from 'vitest';

import { permissionTable } from './matrix.ts';

it('the README documents the permission matrix the server enforces', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const documented = readme.split('<!-- permissions:start -->')[1]?.split('<!-- permissions:end -->')[0]?.trim();
  expect(documented).toBe(permissionTable());
});
