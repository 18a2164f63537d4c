/**
 * "Submitted" as relative time with a suffix (about 2 hours ago). date-fns picks the bucket: seconds read as
 * 'less than a minute', then minutes, hours, days, months, years, each rounded the way a person says it.
 */
import { formatDistanceToNow, isValid, parseISO } from 'date-fns';

export function submittedAgo(iso: string | null | undefined): string {
  if (!iso) return 'Unknown';
  const date = parseISO(iso);
  if (!isValid(date)) return 'Unknown';
  // a server clock a little ahead of this device's must not read 'in less than a minute'
  const now = new Date();
  return formatDistanceToNow(date > now ? now : date, { addSuffix: true });
}
