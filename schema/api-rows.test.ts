import { integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';

import { liveRowSchema, tableRowSchema } from './api-rows.ts';

const notes = sqliteTable('notes', {
  id: text().primaryKey(),
  title: text().notNull(),
  body: text(),
  stars: integer().notNull(),
  score: real(),
  pinned: integer({ mode: 'boolean' }).notNull(),
  deletedAt: text(),
});
const row = { id: 'n1', title: 'Hello', body: null, stars: 2, score: 0.5, pinned: false, deletedAt: null };

describe('a table row schema read off its drizzle table', () => {
  it('takes a row as the table holds it, each column typed, nullable where the column is', () => {
    expect(tableRowSchema(notes).parse(row)).toEqual(row);
    expect(tableRowSchema(notes).safeParse({ ...row, title: null }).success).toBe(false);
    expect(tableRowSchema(notes).safeParse({ ...row, stars: 2.5 }).success).toBe(false);
    expect(tableRowSchema(notes).safeParse({ ...row, pinned: 0 }).success).toBe(false);
  });

  it('refuses a field the table does not have, and one it has left out', () => {
    expect(tableRowSchema(notes).safeParse({ ...row, extra: 1 }).success).toBe(false);
    const { body: _body, ...without } = row;
    expect(tableRowSchema(notes).safeParse(without).success).toBe(false);
  });

  it('reads a live row without its tombstone', () => {
    const { deletedAt: _tombstone, ...live } = row;
    expect(liveRowSchema(notes).parse(live)).toEqual(live);
    expect(liveRowSchema(notes).safeParse(row).success).toBe(false);
  });

  it('names a JSON column that has no schema of its own rather than letting anything through', () => {
    const tagged = sqliteTable('tagged', { id: text().primaryKey(), tags: text({ mode: 'json' }).notNull() });
    expect(() => tableRowSchema(tagged)).toThrow('The JSON column tags has no answer schema');
  });
});
