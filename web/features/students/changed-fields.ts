/** Edit forms send only what the user changed, so a save never overwrites a field someone else changed meanwhile. */

/** Empty text and a missing value are the same thing to a form. */
const normal = (v: unknown) => (v === undefined || v === '' ? null : v);
const same = (a: unknown, b: unknown) => JSON.stringify(normal(a)) === JSON.stringify(normal(b));

/** The fields of `after` whose value differs from `before`. */
export function changedFields<T extends object>(before: object, after: T): Partial<T> {
  const old = before as Record<string, unknown>;
  return Object.fromEntries(Object.entries(after).filter(([key, value]) => !same(old[key], value))) as Partial<T>;
}
