import { describe, expect, it } from 'vitest';

import { takingTurns } from './turns.ts';

/** Holds the thread for `ms`, as a page of a first sync does. */
const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('heavy reads taking turns', () => {
  it('lets work that arrived meanwhile run between them, not after all of them', async () => {
    const turn = takingTurns();
    const log: string[] = [];
    const reads = [1, 2, 3, 4].map((n) =>
      turn(() => {
        busy(5);
        log.push(`read ${n}`);
        return n;
      }),
    );
    setImmediate(() => log.push('health check'));
    expect(await Promise.all(reads)).toEqual([1, 2, 3, 4]);
    expect(log.indexOf('health check')).toBeLessThan(2);
    expect(log.filter((l) => l.startsWith('read'))).toEqual(['read 1', 'read 2', 'read 3', 'read 4']);
  });

  it('a read that fails answers its caller and the next still runs', async () => {
    const turn = takingTurns();
    const failed = turn(() => {
      throw new Error('no');
    });
    await expect(failed).rejects.toThrow('no');
    expect(await turn(() => 'next')).toBe('next');
  });
});
