/** A device is ready offline as soon as its role's files are stored: nothing else is fetched before them (issue 32). */
import { describe, expect, it } from 'vitest';

import { storeOrder } from './store-order.ts';

const EVERY_ROLE = ['screens-a.js', 'screens-b.js', 'screens-c.js'];
const DESK = 'desk.js';
const CHARTS = 'charts.js';
const roles: Record<string, string[]> = { [DESK]: ['preceptor'], [CHARTS]: [] };
const everyRole = (url: string) => !(url in roles);
const forRole = (role: string | undefined) => (url: string) =>
  role === undefined || (roles[url]?.includes(role) ?? true);

/** The files a worker with `slots` downloads at once starts on before any of them has come. */
const firstBatch = (next: () => string | undefined, slots: number) =>
  Array.from({ length: slots }, next).filter((url) => url !== undefined);

describe('the order the service worker stores the rest of the app in', () => {
  it("starts a preceptor's own file with the files every role needs, not after the last of them", () => {
    const order = storeOrder([CHARTS, DESK, ...EVERY_ROLE], everyRole, forRole('preceptor'));
    expect(firstBatch(order.nextOfRole, 6)).toEqual([...EVERY_ROLE, DESK]);
    // a file no role needs waits until the role's are stored
    expect(order.nextOfRole()).toBeUndefined();
    expect(order.nextOther()).toBe(CHARTS);
  });

  it("leaves a student's device ready without the desk's file, and takes a role said meanwhile into account", () => {
    const page: { role?: string } = {};
    const order = storeOrder([DESK, ...EVERY_ROLE], everyRole, (url) => forRole(page.role)(url));
    expect(order.nextOfRole()).toBe(EVERY_ROLE[0]);
    page.role = 'student';
    expect(firstBatch(order.nextOfRole, 6)).toEqual(EVERY_ROLE.slice(1));
    expect(order.nextOther()).toBe(DESK);
  });
});
