import { describe, expect, it } from 'vitest';

import { nextVersion } from '../commands/command.ts';
import { openDb } from './open.ts';
import { cachedByVersion } from './version-cache.ts';

describe('cachedByVersion', () => {
  it('serves a kept answer until the next write, per key', () => {
    const db = openDb(':memory:');
    let computed = 0;
    const read = (key: string) => cachedByVersion(db, key, () => ++computed);
    expect(read('a')).toBe(1);
    expect(read('a')).toBe(1);
    expect(read('b')).toBe(2);
    db.transaction((tx) => nextVersion(tx));
    expect(read('a')).toBe(3);
    expect(read('b')).toBe(4);
  });

  it('keeps nothing computed inside a transaction, whose writes may roll back', () => {
    const db = openDb(':memory:');
    let computed = 0;
    expect(() =>
      db.transaction((tx) => {
        nextVersion(tx);
        expect(cachedByVersion(tx, 'k', () => ++computed)).toBe(1);
        throw new Error('roll back');
      }),
    ).toThrow('roll back');
    db.transaction((tx) => nextVersion(tx));
    expect(cachedByVersion(db, 'k', () => ++computed)).toBe(2);
  });

  it('keeps at most 500 answers and 64 MB, dropping the oldest first', () => {
    const db = openDb(':memory:');
    let computed = 0;
    const read = (key: string, bytes = 0) =>
      cachedByVersion(
        db,
        key,
        () => ++computed,
        () => bytes,
      );
    for (let i = 0; i < 501; i++) read(`k${i}`);
    expect(computed).toBe(501);
    read('k500');
    expect(computed).toBe(501);
    read('k0');
    expect(computed).toBe(502);

    const big = 40 * 1024 * 1024;
    read('big-1', big);
    read('big-2', big);
    const before = computed;
    read('big-2', big);
    expect(computed).toBe(before);
    read('big-1', big);
    expect(computed).toBe(before + 1);
  });
});
