import { expect, it } from 'vitest';

import { tryAgainIn } from './messages.ts';

it('says how long a throttled user really has to wait', () => {
  expect(tryAgainIn(1)).toBe('Try again in 1 second.');
  expect(tryAgainIn(59)).toBe('Try again in 59 seconds.');
  expect(tryAgainIn(60)).toBe('Try again in 1 minute.');
  expect(tryAgainIn(61)).toBe('Try again in 2 minutes.');
  expect(tryAgainIn(900)).toBe('Try again in 15 minutes.');
});
