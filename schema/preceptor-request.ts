/**
 * How a preceptor request's dates and skills read, for the server's lists and the screens alike: the Clinical Sites
 * screen files them as lists, the Requests screen as free text, and each list shows both kinds.
 */
interface PreceptorRequestFields {
  requestedDates: string[] | null;
  requestedDatesText: string | null;
  skillsToFocus: string[] | null;
  skillsToFocusText: string | null;
}

const splitList = (text: string | null) =>
  text
    ? text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
const joinList = (list: string[] | null) => (list?.length ? list.join(', ') : null);

/** As lists (the Clinical Sites screen): free-text dates are one entry, free-text skills split at commas. */
export const preceptorRequestLists = (r: PreceptorRequestFields) => ({
  requestedDates: r.requestedDates ?? (r.requestedDatesText ? [r.requestedDatesText] : []),
  skillsToFocus: r.skillsToFocus ?? splitList(r.skillsToFocusText),
});

/** As text (the request lists): a list reads comma-separated; null where the request has neither. */
export const preceptorRequestText = (r: PreceptorRequestFields) => ({
  requestedDates: r.requestedDatesText ?? joinList(r.requestedDates),
  skillsToFocus: r.skillsToFocusText ?? joinList(r.skillsToFocus),
});
