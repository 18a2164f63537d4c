/**
 * The order the service worker stores the rest of the app in once it has taken over (web/sw.ts): first the signed-in
 * role's files, which alone make the device ready offline, what every role needs before the role's own; then the
 * others. The role's files are one queue: as two, the role's own (a preceptor's desk file) waited until the last file
 * every role needs had come, a round trip and the slowest file more on a weak signal (docs/PERFORMANCE.md, issue 32).
 * Whether a file is the role's is asked as it is taken, so a role a page says meanwhile counts at once.
 */
export function storeOrder(
  pending: Iterable<string>,
  everyRole: (url: string) => boolean,
  forRole: (url: string) => boolean,
) {
  const left = new Set(pending);
  const take = (wanted: (url: string) => boolean) => {
    for (const url of left)
      if (wanted(url)) {
        left.delete(url);
        return url;
      }
    return undefined;
  };
  return {
    /** The next of the role's files to fetch, what every role needs first; undefined once all are taken. */
    nextOfRole: () => take(everyRole) ?? take(forRole),
    /** The next of the other roles' files, taken once the role's are stored. */
    nextOther: () => take(() => true),
  };
}
