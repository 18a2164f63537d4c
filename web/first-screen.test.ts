/**
 * The first screen's code stays small (bench:web's first-screen budget, 200 KB gzipped): no module it loads imports
 * zod, which comes with the first form or write. Followed from the first screen's modules through every import that
 * is not a type and not a dynamic import() (those load later, in chunks of their own). Zod once crept back in unnoticed
 * by three paths (the sync engine's clock stamps, the sign-off rules, the contact figures); this names the chain.
 */
import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { type Edge, edgesOf } from './lib/testing/source-imports.ts';

/**
 * The entry, the signed-in shell, and the screens a user lands on, from their routes (what the route adds beside its
 * page loads too: the student's home once brought the whole shifts screen through its card): home (dashboard or my
 * progress) and skill entry.
 */
const FIRST_SCREEN = [
  'web/main.tsx',
  'web/routes/_app.tsx',
  'web/routes/_app/index.tsx',
  'web/routes/_app/ems/skill-entry.tsx',
];
/** A student's first screen: the entry, the signed-in shell and the home route, which shows them their progress. */
const STUDENT_HOME = ['web/main.tsx', 'web/routes/_app.tsx', 'web/routes/_app/index.tsx'];
/**
 * Only staff see the dashboard, and with it come its server reads (TanStack Query) and dates (date-fns): about 60 KB
 * a student's home once ran and never showed.
 */
const STAFF_ONLY = /^(@tanstack\/react-query|date-fns)/;
/** The sign-in page: the entry, the root route around every page, and the page itself. */
const SIGN_IN = ['web/main.tsx', 'web/routes/__root.tsx', 'web/routes/login.tsx'];
/** The route tree names every screen; the router loads each screen's component in a chunk of its own. */
const NOT_FOLLOWED = new Set(['web/routeTree.gen.ts']);
/**
 * zod, toasts and forms come with the first form or write; the CSV library with the first export; the signature pad
 * and the co-sign code's one-time-password library when a screen shows them (a student's home once loaded both through
 * the sign-off rules it reads); Headless UI with the first dialog, menu or popover (skill entry's tabs and switch once
 * brought 13.6 KB gzipped of it).
 */
const HEAVY = /^(zod|sonner$|@hookform\/|react-hook-form$|papaparse$|signature_pad$|otpauth$|@headlessui\/)/;

/** Every module a screen loads from `start`, each with the import that brought it in. */
function modulesFrom(start: string[]): Map<string, Edge | null> {
  const reached = new Map<string, Edge | null>(start.map((file) => [file, null]));
  const queue = [...start];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const edge of edgesOf(file)) {
      if (edge.typeOnly || edge.dynamic || edge.external || NOT_FOLLOWED.has(edge.to) || reached.has(edge.to)) continue;
      if (!/\.tsx?$/.test(edge.to)) continue;
      reached.set(edge.to, edge);
      queue.push(edge.to);
    }
  }
  return reached;
}

function chainTo(reached: Map<string, Edge | null>, file: string): string {
  const steps: string[] = [];
  for (let edge = reached.get(file); edge; edge = reached.get(edge.from)) steps.unshift(`${edge.from}:${edge.line}`);
  return [...steps, file].join(' -> ');
}

/** Each import of a library matching {@link HEAVY}, with the chain of imports that led to it. */
const heavyImports = (reached: Map<string, Edge | null>) =>
  [...reached.keys()].flatMap((file) =>
    edgesOf(file)
      .filter((e) => e.external && !e.typeOnly && !e.dynamic && HEAVY.test(e.to))
      .map((e) => `${chainTo(reached, file)} imports ${e.to} (line ${e.line})`),
  );

describe("the first screen's code", () => {
  const reached = modulesFrom(FIRST_SCREEN);

  it('is followed through the shell, the sync engine and the device database', () => {
    // guards the walk itself: if it stopped following imports, the check below would pass vacuously
    expect(reached.has('sync/client/engine.ts')).toBe(true);
    expect(reached.has('sync/client/db.ts')).toBe(true);
    expect(reached.size).toBeGreaterThan(60);
  });

  it('imports no zod, no form, toasts, CSV, signature, one-time-password or widget library', () => {
    expect(heavyImports(reached)).toEqual([]);
  });

  it("loads who may take each action, not the README's sentences for them (2 KB gzipped)", () => {
    expect(reached.has('schema/permissions.ts')).toBe(true);
    const rules = 'schema/permission-rules.ts';
    expect(reached.has(rules) ? chainTo(reached, rules) : null).toBeNull();
  });
});

describe("a student's home's code", () => {
  const reached = modulesFrom(STUDENT_HOME);

  it('is followed through the progress screen', () => {
    expect(reached.has('web/features/my-progress/my-progress-page.tsx')).toBe(true);
  });

  it("does not load the staff dashboard's modules: they load only where the dashboard is shown", () => {
    const dashboard = [...reached.keys()].filter((file) => file.startsWith('web/features/dashboard/'));
    expect(dashboard.map((file) => chainTo(reached, file))).toEqual([]);
  });

  it('imports neither TanStack Query nor date-fns', () => {
    const staffOnly = [...reached.keys()].flatMap((file) =>
      edgesOf(file)
        .filter((e) => e.external && !e.typeOnly && !e.dynamic && STAFF_ONLY.test(e.to))
        .map((e) => `${chainTo(reached, file)} imports ${e.to} (line ${e.line})`),
    );
    expect(staffOnly).toEqual([]);
  });
});

describe("the sign-in page's code", () => {
  // a phone's first visit on a weak signal draws this page first: it loads what the form needs, and no more
  const reached = modulesFrom(SIGN_IN);

  it('is followed through the sign-in form', () => {
    expect(reached.has('web/features/auth/sign-in-form.tsx')).toBe(true);
  });

  it('imports no zod, no form, toasts, CSV, signature, one-time-password or widget library', () => {
    expect(heavyImports(reached)).toEqual([]);
  });

  it('does not load the device database (Dexie): it opens once signed in', () => {
    expect(reached.has('sync/client/db.ts') ? chainTo(reached, 'sync/client/db.ts') : null).toBeNull();
  });
});

describe('the app page, before its code runs', () => {
  // on a slow phone the code takes seconds to load and run: the page's own bytes say what is happening meanwhile
  // (Lighthouse's first contentful paint), and React replaces it
  const page = readFileSync('web/index.html', 'utf8');

  it('says the app is opening, in the element React renders into', () => {
    expect(page).toMatch(/<div id="root">\s*<p role="status"[^>]*>Opening Training Records\.\.\.<\/p>\s*<\/div>/);
  });
});
