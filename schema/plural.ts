/**
 * The one plural rule for every count the app and the server write: '1 record', '2 records', '0 records'. Both ends
 * import it, so a count never reads "1 records" on one screen and "1 record" on another.
 */

/** The noun alone, for a count drawn apart from it (a large figure, a signed change). */
export const pluralNoun = (n: number, one: string, many = `${one}s`) => (Math.abs(n) === 1 ? one : many);

export const plural = (n: number, one: string, many?: string) => `${n} ${pluralNoun(n, one, many)}`;
