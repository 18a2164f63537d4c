/**
 * docs/ARCHITECTURE.md is how a newcomer finds their way; a path or name it cites that no longer exists sends them
 * nowhere. Every link, every cited file and every cited code name (an identifier with a capital or an underscore
 * constant, `Name.member` checked on the file that declares Name) must exist in the tree.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const DOCS = ['docs/ARCHITECTURE.md'];

const filesUnder = (pattern: RegExp) =>
  ['api', 'schema', 'sync', 'web', 'e2e', 'bench'].flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((path) => pattern.test(path) && !path.includes('node_modules'))
      .map((path) => `${dir}/${path}`),
  );
const sources = filesUnder(/\.(tsx?|sql)$/).map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }));
const sqlText = filesUnder(/\.sql$/)
  .map((file) => readFileSync(join(ROOT, file), 'utf8'))
  .join('\n');

const DECLARATION = (name: string) =>
  new RegExp(
    String.raw`(?:function\*?|const|let|class|type|interface|enum)\s+${name}\b|export\s*(?:type\s*)?\{[^}]*\b${name}\b|^\s*(?:(?:private|protected|public|static|readonly|async|get|set)\s+)*${name}\s*[(:<]|'${name}'|^\s*(?:readonly\s+)?${name}\??:`,
    'm',
  );

function declaringFiles(name: string) {
  const rule = DECLARATION(name);
  return sources.filter((s) => rule.test(s.text));
}

const codeSpans = (text: string) => [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
const links = (text: string) => [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);

const looksLikePath = (span: string) =>
  /^[\w./-]+\.(tsx?|sql|md|json)$/.test(span) || /^[\w-]+(\/[\w.-]+)+\/?$/.test(span);
/** A code name worth checking: camelCase or PascalCase with a capital, or an UPPER_CASE constant. */
const looksLikeName = (span: string) => /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)?$/.test(span) && /[A-Z]/.test(span);

function missingPath(doc: string, span: string): boolean {
  const clean = span.replace(/\/$/, '');
  if (existsSync(join(ROOT, 'node_modules', clean.split('/')[0]!))) return false;
  if (/^(api|schema|sync|web|e2e|bench|docs)\//.test(clean)) return !existsSync(join(ROOT, clean));
  return !sources.some((s) => basename(s.file) === clean) && !existsSync(join(ROOT, dirname(doc), clean));
}

function missingName(span: string): boolean {
  const [owner, member] = span.split('.');
  const files = declaringFiles(owner!);
  if (/^[a-z]/.test(owner!) && member) {
    // `ctx.insert`, `engine.sync`: a local variable's member; the member must exist somewhere
    return declaringFiles(member).length === 0;
  }
  if (files.length === 0) return true;
  return member !== undefined && !files.some((f) => new RegExp(`\\b${member}\\b`).test(f.text));
}

describe.each(DOCS)('%s cites only what exists', (doc) => {
  const text = readFileSync(join(ROOT, doc), 'utf8');

  it('every link points at a file or folder', () => {
    const broken = links(text)
      .filter((href) => !/^(https?:|#|mailto:)/.test(href))
      .map((href) => href.split('#')[0]!)
      .filter((path) => !existsSync(resolve(ROOT, dirname(doc), path)));
    expect(broken).toEqual([]);
  });

  it('every cited file exists', () => {
    const spans = codeSpans(text)
      .map((s) => s.replace(/[()]/g, ''))
      .filter((s) => !s.includes('<') && !s.includes('*') && looksLikePath(s));
    expect(spans.filter((s) => missingPath(doc, s))).toEqual([]);
  });

  it('every cited code name is declared in the source', () => {
    const names = codeSpans(text)
      .map((s) => s.replace(/\(.*?\)/g, '').replace(/\.$/, ''))
      .filter(looksLikeName);
    const missing = [...new Set(names)].filter(missingName);
    expect(missing).toEqual([]);
  });

  it('every cited SQL table or column (snake_case) exists in a migration', () => {
    const snake = codeSpans(text).filter((s) => /^[a-z]+(_[a-z]+)+$/.test(s));
    expect(snake.filter((s) => !sqlText.includes(s))).toEqual([]);
  });
});
