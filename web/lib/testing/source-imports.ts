/**
 * The imports of the project's source files, read with TypeScript's parser: what import-layers.test.ts checks the
 * layers' directions with, and first-screen.test.ts follows from the first screen's modules.
 */
import fs from 'node:fs';
import path from 'node:path';

import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface Edge {
  /** Importing file, relative to the repository root with '/' separators. */
  from: string;
  line: number;
  /** Imported file, resolved the way Vite and tsc resolve it; a package's name for a package. */
  to: string;
  /** `import type` or `export type`: erased from the build. */
  typeOnly: boolean;
  /** A dynamic import(): loaded when the code asks for it, in a chunk of its own. */
  dynamic: boolean;
  /** Of a package (node_modules), not of a file of the project. */
  external: boolean;
}

export function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(rel);
    return /\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

/** The project's own import aliases (package.json "imports": `#schema/…` is `./schema/…`). */
const ALIAS = /^#(\w+)\//;

function resolve(from: string, spec: string): string {
  const base = ALIAS.test(spec)
    ? spec.replace(ALIAS, '$1/')
    : path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((c) => fs.existsSync(path.join(ROOT, c)) && fs.statSync(path.join(ROOT, c)).isFile()) ?? base;
}

/** A file's imports: import and export declarations (type or value) and dynamic import() calls. */
export function edgesOf(file: string): Edge[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const edges: Edge[] = [];
  const add = (node: ts.Node, spec: ts.Expression | undefined, typeOnly: boolean, dynamic = false) => {
    if (!spec || !ts.isStringLiteralLike(spec)) return;
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    const external = !spec.text.startsWith('.') && !ALIAS.test(spec.text);
    edges.push({ from: file, line, to: external ? spec.text : resolve(file, spec.text), typeOnly, dynamic, external });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      add(node, node.moduleSpecifier, node.importClause?.isTypeOnly ?? false);
    } else if (ts.isExportDeclaration(node)) {
      add(node, node.moduleSpecifier, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node, node.arguments[0], false, true);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node, node.argument.literal as ts.Expression, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}
