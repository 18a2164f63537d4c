/** Where to go after sign-in: the server's GET /api/login and the sign-in screen both keep `next` only through here. */

const HOME = '/';

/**
 * `next` as a path on `origin`, or '/' when it leads anywhere else. The URL parser decides, as the browser will:
 * string checks miss what it forgives (`/\evil`, `/<tab>/evil` and ` //evil` are all `//evil` to it).
 */
export function safeNextPath(next: string | undefined, origin: string): string {
  if (!next) return HOME;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return HOME;
  }
  if (url.origin !== origin) return HOME;
  // `/.//evil` resolves on our origin to the path `//evil`, which a browser then reads as another host
  if (url.pathname.startsWith('//')) return HOME;
  return url.pathname + url.search + url.hash;
}
