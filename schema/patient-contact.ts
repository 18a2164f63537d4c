/**
 * Patient contacts (no patient identifiers: age, not date of birth; no name, record or run number) and the per-program
 * rules that turn them into CoAEMSP Student Minimum Competency counts. Defaults are seeded from the standards data
 * (research/wave2-domain.md §2.2: Fisdap's default age bands and one program's impression map); the minimums are
 * program targets marked unverified there, so every program can edit them.
 */

export const CHIEF_COMPLAINTS = [
  'Abdominal pain',
  'Altered mental status',
  'Allergic reaction',
  'Back pain',
  'Behavioral',
  'Bleeding',
  'Breathing problem',
  'Cardiac arrest',
  'Chest pain',
  'Choking',
  'Diabetic problem',
  'Dizziness',
  'Fall',
  'Fever',
  'Headache',
  'Injury',
  'Nausea/vomiting',
  'Overdose/poisoning',
  'Pain',
  'Palpitations',
  'Pregnancy/childbirth',
  'Seizure',
  'Stroke symptoms',
  'Syncope',
  'Weakness',
  'Other',
] as const;

export const IMPRESSIONS = [
  'ACS',
  'Cardiac-Other',
  'Chest Pain',
  'Palpitations',
  'Dysrhythmia',
  'Cardiac Arrest',
  'AMS',
  'Syncope',
  'Seizure',
  'Stroke',
  'TIA',
  'Dizziness',
  'Weakness',
  'Headache',
  'Breathing Problem',
  'Choking',
  'Smoke Inhalation',
  'Behavioral/Psychiatric',
  'OB-Labor',
  'OB-Complications',
  'OB-Delivery',
  'Trauma-Head',
  'Trauma-Chest',
  'Trauma-Abdomen',
  'Trauma-Extremity',
  'Trauma-Multi-system',
  'Abdominal',
  'Allergic Reaction',
  'Diabetic',
  'Overdose/Poisoning',
  'Sepsis',
  'Other',
] as const;

export interface AgeBand {
  label: string;
  /** The band starts at this age in months (newborn 0, infant 1 month, adult 18 years = 216). */
  fromMonths: number;
  minimum: number;
}

/** How a program turns contacts into SMC counts; `null` on a program means these defaults. */
export interface ContactRules {
  ageBands: AgeBand[];
  /** Impression → pathology category; an impression not listed counts as Other. */
  pathologyMap: Record<string, string>;
  pathologyMinimums: Record<string, number>;
  teamLeadMinimum: number;
}

/** SMC Table 2's categories, in the order the tables list them (the default minimums below). */
const categoryOf = (impression: string): string => {
  if (impression.startsWith('Trauma-')) return 'Trauma';
  if (impression === 'Behavioral/Psychiatric') return 'Psychiatric/Behavioral';
  if (impression.startsWith('OB-')) return 'Obstetrics';
  if (['ACS', 'Cardiac-Other', 'Chest Pain', 'Palpitations', 'Dysrhythmia'].includes(impression)) return 'Cardiac';
  if (['AMS', 'Syncope', 'Seizure', 'Stroke', 'TIA', 'Dizziness', 'Weakness', 'Headache'].includes(impression)) {
    return 'Neurological';
  }
  if (['Breathing Problem', 'Choking', 'Smoke Inhalation'].includes(impression)) return 'Respiratory';
  if (impression === 'Cardiac Arrest') return 'Cardiac arrest';
  return 'Other';
};

export const DEFAULT_CONTACT_RULES: ContactRules = {
  ageBands: [
    { label: 'Newborn', fromMonths: 0, minimum: 2 },
    { label: 'Infant/Toddler', fromMonths: 1, minimum: 2 },
    { label: 'Preschool', fromMonths: 4 * 12, minimum: 2 },
    { label: 'School-age', fromMonths: 6 * 12, minimum: 2 },
    { label: 'Adolescent', fromMonths: 13 * 12, minimum: 2 },
    { label: 'Adult', fromMonths: 18 * 12, minimum: 60 },
    { label: 'Geriatric', fromMonths: 65 * 12, minimum: 18 },
  ],
  pathologyMap: Object.fromEntries(IMPRESSIONS.map((i) => [i, categoryOf(i)])),
  pathologyMinimums: {
    Trauma: 27,
    'Psychiatric/Behavioral': 18,
    Obstetrics: 6,
    Cardiac: 18,
    Neurological: 12,
    Respiratory: 12,
    'Cardiac arrest': 5,
    Other: 18,
  },
  teamLeadMinimum: 20,
};

/** Words that suggest a patient identifier slipped into free text; the form warns, the user decides. */
export function identifierWarning(text: string | null | undefined): string | null {
  if (!text) return null;
  if (/\b\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\b|\b(dob|born)\b/i.test(text)) {
    return 'This looks like a date of birth. Do not enter patient identifying information.';
  }
  if (/\b(mrn|record|run|incident)\s*(no\.?|number|#)?\s*:?\s*\d{4,}|\b\d{6,}\b/i.test(text)) {
    return 'This looks like a record number. Do not enter patient identifying information.';
  }
  if (/\b(mr|mrs|ms|miss|dr)\.?\s+[A-Z][a-z]+|\b(patient|pt)\s+(name|named)\b/.test(text)) {
    return 'This looks like a name. Do not enter patient identifying information.';
  }
  return null;
}
