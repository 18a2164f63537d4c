/**
 * Screens call the server through the typed client of the route module they call (web/lib/api.ts `apiClient`, or
 * `serverClient` for cached server reads), so a path, method, body or answer that drifts from the server fails the
 * typecheck. A string `/api/` path in web/ code escapes that check; the few left are navigations the browser makes
 * itself (a link, a redirect), not calls, each listed here with why.
 */
import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { sourceFiles } from './lib/testing/source-imports.ts';

/** file → the string paths it may hold, each with the reason it is not a typed call. */
const NAVIGATIONS: Record<string, Record<string, string>> = {
  'web/features/audit-trail/audit-trail-page.tsx': {
    '`/api/audit/export': "the CSV export is a download link: the browser saves the file under the server's name",
  },
  'web/features/annual-report/cohort-smc-panel.tsx': {
    '`/api/annual-report/cohort-smc.csv?': 'a download link, as the audit export',
    '`/api/annual-report/cohort-smc.pdf?': 'a download link, as the audit export',
  },
  'web/features/landing/landing.tsx': {
    '"/api/login': 'a plain link that works before any JavaScript: the server redirects it to the sign-in page',
  },
  'web/features/shell/app-shell.tsx': {
    '"/api/logout': "the spec's sign-out link, a navigation the server answers with a redirect",
  },
  'web/lib/session.tsx': {
    '`/api/login?next=': 'a redirect to the sign-in page that keeps the page asked for',
  },
};

const isTest = (file: string) => /\.test\.tsx?$|\.test-support\.tsx?$|(^|\/)testing\//.test(file);

/** Every string that starts an `/api/` path in a web/ source file, as `file` → the quote and path up to the next quote, `$` or `?`. */
function stringPaths() {
  const found: Record<string, string[]> = {};
  for (const file of sourceFiles('web').filter((f) => !isTest(f))) {
    const paths = [...readFileSync(file, 'utf8').matchAll(/['"`]\/api\/[^'"`$]*/g)].map((m) => m[0]);
    if (paths.length) found[file] = paths;
  }
  return found;
}

describe('calls to the server', () => {
  const found = stringPaths();

  it('finds the string paths it checks', () => {
    // guards the scan itself: the navigations listed are in the files it read
    expect(found['web/features/shell/app-shell.tsx']).toEqual(['"/api/logout']);
  });

  it('go through the typed clients: a string /api/ path is only a listed navigation', () => {
    const unlisted = Object.entries(found).flatMap(([file, paths]) =>
      paths.filter((p) => !(p in (NAVIGATIONS[file] ?? {}))).map((p) => `${file}: ${p}`),
    );
    expect(unlisted, 'Call the route through apiClient<…Routes>() (web/lib/api.ts) instead').toEqual([]);
  });
});
