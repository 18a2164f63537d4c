// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';

import { LANDING_TYPE_STYLES, warmFonts } from './warm-fonts.ts';

afterEach(() => vi.restoreAllMocks());

describe('finding the landing screens’ fonts before the first screen', () => {
  it('lays out a sample of every landing style, two a task, hidden from everyone, and leaves nothing behind', async () => {
    const laidOut: string[][] = [];
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      expect(this.getAttribute('aria-hidden')).toBe('true');
      expect(this.className).toContain('invisible');
      laidOut.push([...this.children].map((sample) => sample.className));
      return new DOMRect();
    });
    let done = false;
    const warming = warmFonts().then(() => (done = true));
    expect(laidOut).toHaveLength(1);
    expect(done).toBe(false);
    await warming;

    expect(laidOut.map((samples) => samples.length)).toEqual(
      laidOut.map((_, task) => Math.min(2 * (task + 1), LANDING_TYPE_STYLES.length)),
    );
    expect(laidOut.at(-1)).toEqual([...LANDING_TYPE_STYLES]);
    expect(document.body.children).toHaveLength(0);
  });
});
