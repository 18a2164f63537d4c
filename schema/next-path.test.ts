import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { safeNextPath } from './next-path.ts';

const ORIGIN = 'http://127.0.0.1:3000';

/** Values as they reach the check, after the query string was decoded once. */
const HOSTILE_NEXT = [
  '//evil.example',
  '///evil.example',
  '/\\evil.example/phish',
  '\\\\evil.example',
  '\\/evil.example',
  '/\\/evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  ' //evil.example',
  '\t//evil.example',
  '\u0000//evil.example',
  '/.//evil.example',
  '/./\\evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'http://evil.example/',
  'https:evil.example',
  'http:\\\\evil.example',
  'http://127.0.0.1:3000.evil.example/',
  'http://127.0.0.1:3000@evil.example/',
  'https://127.0.0.1:3000/',
  'ftp://evil.example',
];

/** Where a browser on our origin goes when told to go to `path`. */
const landsOn = (path: string) => new URL(path, ORIGIN).origin;

describe('safeNextPath', () => {
  it.each(HOSTILE_NEXT)('sends %j home instead of off our origin', (next) => {
    expect(safeNextPath(next, ORIGIN)).toBe('/');
  });

  it('keeps a path on our origin, with its query and fragment, in the form the browser will read', () => {
    expect(safeNextPath('/students', ORIGIN)).toBe('/students');
    expect(safeNextPath('/students/s1?tab=skills#hours', ORIGIN)).toBe('/students/s1?tab=skills#hours');
    expect(safeNextPath(`${ORIGIN}/reports`, ORIGIN)).toBe('/reports');
    expect(safeNextPath('reports', ORIGIN)).toBe('/reports');
    expect(safeNextPath('/%5Cevil.example', ORIGIN)).toBe('/%5Cevil.example');
    expect(safeNextPath('/a/../b', ORIGIN)).toBe('/b');
  });

  it('answers home for no value', () => {
    expect(safeNextPath(undefined, ORIGIN)).toBe('/');
    expect(safeNextPath('', ORIGIN)).toBe('/');
  });

  it('never answers anything that leaves our origin, whatever the input', () => {
    const prefix = fc.constantFrom(
      '',
      '/',
      '//',
      '\\',
      '/\\',
      '\t',
      ' ',
      'http:',
      'https:',
      'javascript:',
      '/./',
      '%2F',
    );
    const unit = fc.constantFrom(
      '/',
      '\\',
      '.',
      ':',
      '@',
      '%',
      '2',
      'F',
      '5',
      'C',
      '\t',
      '\n',
      ' ',
      'e',
      'v',
      'l',
      '?',
      '#',
    );
    fc.assert(
      fc.property(prefix, fc.string({ unit, maxLength: 20 }), (start, rest) => {
        const path = safeNextPath(start + rest, ORIGIN);
        return path.startsWith('/') && !path.startsWith('//') && landsOn(path) === ORIGIN;
      }),
      { numRuns: 2000 },
    );
  });
});
