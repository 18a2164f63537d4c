/**
 * A student's patient contacts as CoAEMSP Student Minimum Competency counts, by the program's rules (or the defaults):
 * one function, the same on the device and the server. Each contact counts once per table: in the age band its age
 * falls in, in the pathology category of its primary impression (an impression the map does not list is Other), and
 * as a team lead when the student led. Only verified contacts count (logged by staff, or held by a sign-off in a
 * counted state: `verifiedBy`, as attempts and hours); a student's own others are shown apart as awaiting.
 */
import { type AgeBand, type ContactRules, DEFAULT_CONTACT_RULES } from './patient-contact.ts';

export interface ContactLike {
  ageYears: number;
  ageMonths: number;
  primaryImpression: string;
  teamLead: boolean;
  verifiedBy: string | null;
}

export interface CountAgainstMinimum {
  label: string;
  count: number;
  minimum: number;
}

export interface ContactFigures {
  /** Verified contacts: the tables and team leads count these only. */
  total: number;
  /** The student's own contacts no one has verified yet: counted nowhere. */
  awaiting: number;
  byAgeBand: CountAgainstMinimum[];
  byPathology: CountAgainstMinimum[];
  teamLeads: CountAgainstMinimum;
}

/** The band an age falls in: the last band starting at or before it (bands are ordered by their start). */
export function ageBandOf(ageYears: number, ageMonths: number, bands: readonly AgeBand[]): AgeBand | undefined {
  const months = ageYears * 12 + ageMonths;
  let found: AgeBand | undefined;
  for (const band of bands) if (band.fromMonths <= months) found = band;
  return found;
}

const pathologyOf = (impression: string, rules: ContactRules) => rules.pathologyMap[impression] ?? 'Other';

export function contactFigures(
  contacts: readonly ContactLike[],
  rules: ContactRules | null | undefined = DEFAULT_CONTACT_RULES,
): ContactFigures {
  const r = rules ?? DEFAULT_CONTACT_RULES;
  const bands = new Map(r.ageBands.map((b) => [b.label, 0]));
  const categories = new Map(Object.keys(r.pathologyMinimums).map((c) => [c, 0]));
  let teamLeads = 0;
  const verified = contacts.filter((c) => c.verifiedBy);
  for (const c of verified) {
    const band = ageBandOf(c.ageYears, c.ageMonths, r.ageBands);
    if (band) bands.set(band.label, (bands.get(band.label) ?? 0) + 1);
    const category = pathologyOf(c.primaryImpression, r);
    categories.set(category, (categories.get(category) ?? 0) + 1);
    if (c.teamLead) teamLeads++;
  }
  return {
    total: verified.length,
    awaiting: contacts.length - verified.length,
    byAgeBand: r.ageBands.map((b) => ({ label: b.label, count: bands.get(b.label) ?? 0, minimum: b.minimum })),
    byPathology: [...categories].map(([label, count]) => ({
      label,
      count,
      minimum: r.pathologyMinimums[label] ?? 0,
    })),
    teamLeads: { label: 'Team lead', count: teamLeads, minimum: r.teamLeadMinimum },
  };
}
