import { readdirSync, readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { plural } from './plural.ts';

describe('plural', () => {
  it('one takes the singular, every other count the plural', () => {
    expect(plural(1, 'record')).toBe('1 record');
    expect(plural(0, 'record')).toBe('0 records');
    expect(plural(2, 'record')).toBe('2 records');
    expect(plural(1, 'entry', 'entries')).toBe('1 entry');
    expect(plural(3, 'entry', 'entries')).toBe('3 entries');
  });
});

/** Nouns the app counts; a count written before one of them by hand reads "1 records" when it is one. */
const COUNTED = [
  'accounts',
  'assessments',
  'attempts',
  'competencies',
  'contacts',
  'days',
  'documents',
  'entries',
  'groups',
  'hours',
  'instructors',
  'links',
  'messages',
  'minutes',
  'programs',
  'records',
  'requests',
  'seconds',
  'shifts',
  'sign-offs',
  'sites',
  'skills',
  'students',
  'users',
  'weeks',
].join('|');
/** `{n} records` in JSX or `${n} records` in a template; `{x} records={...}` is a JSX attribute, not text. */
const COUNT_BEFORE_NOUN = new RegExp(`\\$?\\{([^{}]+)\\}\\s(${COUNTED})\\b(?!=)`, 'g');
/** Interpolations before those nouns that are names, not counts ("Maya Chen skills", "EMS programs"). */
const NOT_COUNTS = new Set(['fullName(student)', 'wording.label', 'wording.standard', 'title']);
/** `n === 1 ? 'record' : 'records'` or `record${n === 1 ? '' : 's'}`: a plural rule of its own. */
const HAND_MADE_RULE = /[=!]== -?1\s*\?\s*'([^']*)'\s*:\s*'([^']*)'/g;
const isPluralPair = (a: string, b: string) => a + 's' === b || b + 's' === a;

const SOURCES = ['web', 'schema', 'api/routes', 'api/commands', 'api/http', 'sync']
  .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((path) => `${dir}/${path}`))
  .filter((path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$|test-support|testing\//.test(path));

function handMadePlurals(path: string): string[] {
  const found: string[] = [];
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      for (const [text, expr] of line.matchAll(COUNT_BEFORE_NOUN))
        if (!NOT_COUNTS.has(expr.trim())) found.push(`${path}:${i + 1} ${text}`);
      for (const [text, a, b] of line.matchAll(HAND_MADE_RULE))
        if (isPluralPair(a, b)) found.push(`${path}:${i + 1} ${text}`);
    });
  return found;
}

describe('every count in the app', () => {
  it('is written through plural(), never by hand (no "You are signing 1 records")', () => {
    expect(SOURCES.length).toBeGreaterThan(100);
    expect(SOURCES.flatMap(handMadePlurals)).toEqual([]);
  });
});
