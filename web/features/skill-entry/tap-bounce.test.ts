import { describe, expect, it } from 'vitest';

import { TAP_BOUNCE_MS, tapBounceFilter } from './tap-bounce.ts';

describe('tapBounceFilter', () => {
  it('a second tap on the same button within the bounce window is the same tap', () => {
    const isNew = tapBounceFilter();
    expect(isNew('opa:successful', 1000)).toBe(true);
    expect(isNew('opa:successful', 1007)).toBe(false);
    expect(isNew('opa:successful', 1000 + TAP_BOUNCE_MS - 1)).toBe(false);
  });

  it('a tap at the end of the window or later, or on another button, is a new tap', () => {
    const isNew = tapBounceFilter();
    expect(isNew('opa:successful', 1000)).toBe(true);
    expect(isNew('opa:unsuccessful', 1007)).toBe(true);
    expect(isNew('bvm:successful', 1010)).toBe(true);
    expect(isNew('opa:successful', 1000 + TAP_BOUNCE_MS)).toBe(true);
  });

  it('the window runs from the tap that counted, so bounces cannot swallow a later deliberate tap', () => {
    const isNew = tapBounceFilter();
    expect(isNew('opa:successful', 0)).toBe(true);
    expect(isNew('opa:successful', 200)).toBe(false);
    expect(isNew('opa:successful', 400)).toBe(true);
  });
});
