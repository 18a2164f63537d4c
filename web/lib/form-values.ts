/** An emptied number box is no number, so the schema answers its own message instead of reading 0. */
export const toNumber = (v: unknown) => (v === '' || v === null || v === undefined ? Number.NaN : Number(v));
