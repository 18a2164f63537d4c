/**
 * A student's patient contacts as CoAEMSP Student Minimum Competency counts against their minimums: the contact
 * tables of the one SMC model (schema/smc.ts), in the short form the home, My Progress and sign-off screens show.
 */
import type { ContactRules } from './patient-contact.ts';
import { type SmcContact, smcFigures, type SmcItem } from './smc.ts';

export { ageBandOf } from './smc.ts';

export type ContactLike = Omit<SmcContact, 'setting'> & { setting?: string };

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
  /** None at a level without team leads (schema/smc.ts `SMC_LEVEL_RULES`). */
  teamLeads: CountAgainstMinimum | null;
}

const short = (i: SmcItem): CountAgainstMinimum => ({ label: i.label, count: i.count, minimum: i.minimum });

export function contactFigures(
  contacts: readonly ContactLike[],
  rules: ContactRules | null | undefined = null,
  level: string | null = null,
): ContactFigures {
  const f = smcFigures({
    level,
    contacts: contacts.map((c) => ({ ...c, setting: c.setting ?? '' })),
    motorSkills: [],
    attempts: [],
    voidedAttemptIds: new Set(),
    program: { contactRules: rules ?? null, skillMinimums: null },
  });
  return {
    total: f.contacts.verified,
    awaiting: f.contacts.awaiting,
    byAgeBand: f.age.map(short),
    byPathology: f.pathology.map(short),
    teamLeads: f.teamLeads[0] ? short(f.teamLeads[0]) : null,
  };
}
