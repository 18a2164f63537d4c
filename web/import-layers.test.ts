/**
 * The layers' import directions (docs/ARCHITECTURE.md, "Layers and which way imports go"), checked over every
 * .ts/.tsx file in schema/, api/, sync/ and web/. Each rule's failure lists the offending file:line, so a new arrow
 * pointing the wrong way is caught where it is written. Tests (and their helpers) of api/ and sync/ are exempt from
 * those two layers' rules: they exercise the app as api/app.ts composes it, a real engine against a real server
 * (sync/test-harness.ts). No exemption for web/: feature tests also import through web/lib/ and features' index.ts.
 */
import { describe, expect, it } from 'vitest';

import { type Edge, edgesOf, sourceFiles } from './lib/testing/source-imports.ts';

const LAYERS = ['schema', 'api', 'sync', 'web'];
const WIRE_FILES = ['sync/protocol.ts', 'sync/protocol-version.ts'];

const under = (file: string, dir: string) => file.startsWith(`${dir}/`);
const isWire = (file: string) => WIRE_FILES.includes(file);
const isTestCode = (file: string) =>
  /\.test\.tsx?$|\.test-support\.tsx?$|(^|\/)test-harness\.ts$/.test(file) || /(^|\/)(test|testing)\//.test(file);
const featureOf = (file: string) => /^web\/features\/([^/]+)\//.exec(file)?.[1];

/** Each rule answers true when the edge breaks it. */
const RULES: Record<string, (e: Edge) => boolean> = {
  'schema/ imports nothing outside schema/': (e) => under(e.from, 'schema') && !under(e.to, 'schema'),
  'the sync wire files import only schema/ and each other': (e) =>
    isWire(e.from) && !under(e.to, 'schema') && !isWire(e.to),
  'api/ imports no web/, and sync/ only where api/app.ts mounts sync/server/routes.ts': (e) =>
    under(e.from, 'api') &&
    !isTestCode(e.from) &&
    (under(e.to, 'web') || (under(e.to, 'sync') && !(e.from === 'api/app.ts' && e.to === 'sync/server/routes.ts'))),
  'sync/client/ imports only schema/, the sync wire files and sync/client/': (e) =>
    under(e.from, 'sync/client') &&
    !isTestCode(e.from) &&
    !under(e.to, 'schema') &&
    !isWire(e.to) &&
    !under(e.to, 'sync/client'),
  'sync/server/ imports only schema/, api/, the sync wire files and sync/server/': (e) =>
    under(e.from, 'sync/server') &&
    !isTestCode(e.from) &&
    !under(e.to, 'schema') &&
    !under(e.to, 'api') &&
    !isWire(e.to) &&
    !under(e.to, 'sync/server'),
  'web/lib/ imports no web/features/ and no web/routes/': (e) =>
    under(e.from, 'web/lib') && (under(e.to, 'web/features') || under(e.to, 'web/routes')),
  'a feature imports another feature only through its index.ts (web/features/<other>/index.ts)': (e) => {
    const [own, other] = [featureOf(e.from), featureOf(e.to)];
    return (
      own !== undefined && other !== undefined && own !== other && !/^web\/features\/[^/]+\/index\.tsx?$/.test(e.to)
    );
  },
  'web/features/ import sync/client/ only with `import type` (values come through web/lib/)': (e) =>
    under(e.from, 'web/features') && under(e.to, 'sync/client') && !e.typeOnly,
  'schema/tables.ts is imported outside api/, sync/server/ and tests only with `import type`': (e) =>
    e.to === 'schema/tables.ts' &&
    !e.typeOnly &&
    !under(e.from, 'api') &&
    !under(e.from, 'sync/server') &&
    !under(e.from, 'schema') &&
    !isTestCode(e.from),
};

const edges = LAYERS.flatMap(sourceFiles)
  .flatMap(edgesOf)
  .filter((e) => !e.external);

describe('import directions between layers', () => {
  it('finds the imports it checks', () => {
    // Guards the scanner itself: if it stopped seeing imports, every rule would pass vacuously.
    expect(edges.length).toBeGreaterThan(1000);
    expect(edges.some((e) => e.from === 'api/app.ts' && e.to === 'sync/server/routes.ts')).toBe(true);
    expect(edges.some((e) => e.typeOnly)).toBe(true);
  });

  it.each(Object.entries(RULES))('%s', (rule, breaks) => {
    const offending = edges.filter(breaks).map((e) => `${e.from}:${e.line} imports ${e.to}`);
    expect(offending, `Rule broken: ${rule}\n${offending.join('\n')}`).toEqual([]);
  });
});
