/**
 * "At the site or not" for a clock-in (issue 30), worked out on the phone: with the student's consent the phone reads
 * its position once, compares it with the site's location and radius, and keeps only the yes or no. The position
 * never leaves this module, so no coordinate reaches the outbox, the server or its database.
 */
import { SHIFT_MSG } from '#schema/messages.ts';
import type { SiteLocation } from '#schema/shift.ts';

interface Point {
  latitude: number;
  longitude: number;
}
/** A site row as the phone holds it: its location fields are null until staff set them. */
export interface SiteRow {
  latitude: number | null;
  longitude: number | null;
  radiusMeters: number | null;
}

export interface SiteCheck {
  /** Within the radius (true), outside it (false), or unknown (null: no consent, no site location, no position). */
  atSite: boolean | null;
  note: string;
}

const EARTH_RADIUS_M = 6_371_000;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine): exact enough at a site's scale, anywhere on Earth. */
function distanceMeters(a: Point, b: Point): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(h));
}

export const siteLocationOf = (site: SiteRow | undefined): SiteLocation | null =>
  site && site.latitude != null && site.longitude != null && site.radiusMeters != null
    ? { latitude: site.latitude, longitude: site.longitude, radiusMeters: site.radiusMeters }
    : null;

/** Whether a position is within the site's radius. */
const withinSite = (position: Point, site: SiteLocation) => distanceMeters(position, site) <= site.radiusMeters;

/** The phone's position once, or null when it cannot tell (denied, unavailable, too slow). */
function readPosition(geolocation: Geolocation): Promise<Point | null> {
  return new Promise((resolve) =>
    geolocation.getCurrentPosition(
      (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude }),
      () => resolve(null),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    ),
  );
}

/** The check behind the consent box: only its yes or no (or null) goes on, with a note saying what happened. */
export async function checkSite(
  site: SiteRow | undefined,
  consent: boolean,
  geolocation: Geolocation | undefined = globalThis.navigator?.geolocation,
): Promise<SiteCheck> {
  const location = siteLocationOf(site);
  if (!location) return { atSite: null, note: SHIFT_MSG.siteNoLocation };
  if (!consent) return { atSite: null, note: SHIFT_MSG.siteCheckDeclined };
  const position = geolocation ? await readPosition(geolocation) : null;
  if (!position) return { atSite: null, note: SHIFT_MSG.siteCheckFailed };
  const atSite = withinSite(position, location);
  return { atSite, note: atSite ? SHIFT_MSG.siteCheckAt : SHIFT_MSG.siteCheckAway };
}
