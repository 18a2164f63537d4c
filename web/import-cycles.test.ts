/**
 * No import cycles below the composition root (docs/ARCHITECTURE.md, "Layers and which way imports go"). A cycle
 * between files means neither can be read, tested or moved without the other; a cycle between folders (a route
 * folder, a domain folder, the device's sync client with its mutators/, a screen) means the same of whole features, and is how a
 * route folder ends up holding another's rules. api/app.ts is the composition root and may import everything, so
 * its edges are left out. Type-only imports count too: they tie the files' meanings together just the same.
 * A failure names each cycle's files (and, for folders, the imports that close it).
 */
import { describe, expect, it } from 'vitest';

import { type Edge, edgesOf, sourceFiles } from './lib/testing/source-imports.ts';

const COMPOSITION_ROOT = 'api/app.ts';
const isTestCode = (file: string) =>
  /\.test\.tsx?$|\.test-support\.tsx?$|(^|\/)test-harness\.ts$/.test(file) || /(^|\/)(test|testing)\//.test(file);

const edges = ['schema', 'api', 'sync', 'web']
  .flatMap(sourceFiles)
  .filter((file) => !isTestCode(file) && file !== COMPOSITION_ROOT)
  .flatMap(edgesOf)
  .filter((e) => !e.external && !isTestCode(e.to));

/** The folder a file belongs to for the folder rule, or undefined for files outside the folders it checks. */
function folderOf(file: string): string | undefined {
  return (
    /^(api\/(?:routes|domain)\/[^/]+)\//.exec(file)?.[1] ??
    /^(web\/features\/[^/]+)\//.exec(file)?.[1] ??
    /^(sync\/client)\//.exec(file)?.[1]
  );
}

/** Strongly connected components of more than one node (Tarjan), each sorted; these are the cycles. */
function cyclesOf(pairs: Array<[string, string]>): string[][] {
  const next = new Map<string, Set<string>>();
  for (const [from, to] of pairs) {
    if (from === to) continue;
    next.set(from, (next.get(from) ?? new Set()).add(to));
    if (!next.has(to)) next.set(to, new Set());
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node)!) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of next.keys()) if (!index.has(node)) visit(node);
  return found;
}

const folderEdges = edges.flatMap((e): Array<Edge & { fromFolder: string; toFolder: string }> => {
  const [fromFolder, toFolder] = [folderOf(e.from), folderOf(e.to)];
  return fromFolder && toFolder && fromFolder !== toFolder ? [{ ...e, fromFolder, toFolder }] : [];
});

describe('import cycles below the composition root', () => {
  it('finds the imports and folders it checks', () => {
    // Guards the scanner: with no edges every cycle check would pass vacuously.
    expect(edges.length).toBeGreaterThan(1000);
    expect(folderEdges.length).toBeGreaterThan(50);
    expect(
      cyclesOf([
        ['a', 'b'],
        ['b', 'c'],
        ['c', 'a'],
        ['c', 'd'],
      ]),
    ).toEqual([['a', 'b', 'c']]);
    expect(folderOf('api/routes/sign-offs/index.ts')).toBe('api/routes/sign-offs');
    expect(folderOf('sync/client/mutators/skill-summary.ts')).toBe('sync/client');
    expect(folderOf('sync/client/engine.ts')).toBe('sync/client');
  });

  it('no file imports itself back through others', () => {
    const cycles = cyclesOf(edges.map((e) => [e.from, e.to]));
    expect(cycles.map((files) => `cycle: ${files.join(' -> ')}`)).toEqual([]);
  });

  it('no folder imports itself back through other folders', () => {
    const cycles = cyclesOf(folderEdges.map((e) => [e.fromFolder, e.toFolder]));
    const described = cycles.map((folders) => {
      const closing = folderEdges
        .filter((e) => folders.includes(e.fromFolder) && folders.includes(e.toFolder))
        .map((e) => `  ${e.from}:${e.line} imports ${e.to}`);
      return [`cycle: ${folders.join(' <-> ')}`, ...new Set(closing)].join('\n');
    });
    expect(described).toEqual([]);
  });
});
