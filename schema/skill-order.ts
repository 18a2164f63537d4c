/** Orders of the skills catalogue that more than one screen uses. */
import { CERTIFICATION_LEVELS } from './enums.ts';
import { compareText } from './names.ts';

const LEVEL_ORDER = new Map<string, number>(CERTIFICATION_LEVELS.map((l, i) => [l, i]));
const levelRank = (level: string) => LEVEL_ORDER.get(level) ?? LEVEL_ORDER.size;
/** Levels in the catalogue's order (EMR before Paramedic, Firefighter I before II); a level it does not know after them. */
export const compareLevels = (a: string, b: string) => levelRank(a) - levelRank(b);

/** Reference numbers by their numbers: SMC 'T1-2' before 'T1-10', NFPA 4.1.2 before 4.1.10. */
export const compareReferences = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true });

type SmcNumbered = { smcMatrixNumber: string | null; name: string };
/** The SMC matrix's order: by SMC matrix number, skills without one after those with one, then by name. */
export function bySmcNumber(a: SmcNumbered, b: SmcNumbered): number {
  if (a.smcMatrixNumber && b.smcMatrixNumber)
    return compareReferences(a.smcMatrixNumber, b.smcMatrixNumber) || compareText(a.name, b.name);
  if (a.smcMatrixNumber || b.smcMatrixNumber) return a.smcMatrixNumber ? -1 : 1;
  return compareText(a.name, b.name);
}

/** Skills of several levels: level first, then the SMC matrix's order. */
export const byLevelThenSmcNumber = (
  a: SmcNumbered & { certificationLevel: string },
  b: SmcNumbered & { certificationLevel: string },
) => compareLevels(a.certificationLevel, b.certificationLevel) || bySmcNumber(a, b);
