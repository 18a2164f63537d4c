/**
 * The DOR categories a police program rates unless it sets its own (programs.dorCategories): the 40 of
 * api/seed/standards/dor.json (Vermont CJTC DOR Level II/III 1-35, 36-40 from the San Jose model), in its order.
 * A test keeps this list equal to the standards file.
 */
import type { DorCategory } from './dor.ts';

export const DEFAULT_DOR_CATEGORIES: readonly DorCategory[] = [
  { code: 'dor01-driving-stress', name: 'Driving Skill: Stress Conditions', group: 'Critical Performance Tasks' },
  {
    code: 'dor02-orientation-stress',
    name: 'Orientation Skill: Stress Conditions',
    group: 'Critical Performance Tasks',
  },
  {
    code: 'dor03-field-performance-stress',
    name: 'Field Performance: Stress Conditions',
    group: 'Critical Performance Tasks',
  },
  { code: 'dor04-officer-safety-general', name: 'Officer Safety: General', group: 'Critical Performance Tasks' },
  {
    code: 'dor05-officer-safety-suspects-prisoners',
    name: 'Officer Safety: Suspicious Persons & Prisoners',
    group: 'Critical Performance Tasks',
  },
  {
    code: 'dor06-conflict-voice-command',
    name: 'Control of Conflict: Voice Command',
    group: 'Critical Performance Tasks',
  },
  {
    code: 'dor07-conflict-physical-skill',
    name: 'Control of Conflict: Physical Skill',
    group: 'Critical Performance Tasks',
  },
  { code: 'dor08-use-of-force', name: 'Use of Force', group: 'Critical Performance Tasks' },
  {
    code: 'dor09-driving-non-stress',
    name: 'Driving Skill: Non-Stress Conditions',
    group: 'Frequent Performance Tasks',
  },
  {
    code: 'dor10-orientation-non-stress',
    name: 'Orientation Skill: Non-Stress Conditions',
    group: 'Frequent Performance Tasks',
  },
  {
    code: 'dor11-field-performance-non-stress',
    name: 'Field Performance: Non-Stress Conditions',
    group: 'Frequent Performance Tasks',
  },
  {
    code: 'dor12-problem-solving-decision-making',
    name: 'Problem Solving & Decision Making',
    group: 'Frequent Performance Tasks',
  },
  { code: 'dor13-self-initiated-activity', name: 'Self-Initiated Field Activity', group: 'Frequent Performance Tasks' },
  { code: 'dor14-patrol-procedures', name: 'Patrol Procedures', group: 'Frequent Performance Tasks' },
  { code: 'dor15-investigative-procedures', name: 'Investigative Procedures', group: 'Frequent Performance Tasks' },
  {
    code: 'dor16-interview-interrogation',
    name: 'Interview & Interrogation Skills',
    group: 'Frequent Performance Tasks',
  },
  {
    code: 'dor17-technology',
    name: 'Technology (Computer, Radar, LIDAR, Camera, Breath Testing)',
    group: 'Frequent Performance Tasks',
  },
  {
    code: 'dor18-routine-forms',
    name: 'Routine Forms: Accuracy and Completeness',
    group: 'Frequent Performance Tasks',
  },
  {
    code: 'dor19-report-organization-details',
    name: 'Report Writing: Organization/Details',
    group: 'Frequent Performance Tasks',
  },
  {
    code: 'dor20-report-grammar-spelling',
    name: 'Report Writing: Grammar/Neatness/Spelling',
    group: 'Frequent Performance Tasks',
  },
  {
    code: 'dor21-report-time-used',
    name: 'Report Writing: Appropriate Time Used',
    group: 'Frequent Performance Tasks',
  },
  {
    code: 'dor22-radio-codes-procedures',
    name: 'Radio: Use of Codes & Procedures',
    group: 'Frequent Performance Tasks',
  },
  {
    code: 'dor23-radio-comprehension',
    name: 'Radio: Hears & Comprehends Transmissions',
    group: 'Frequent Performance Tasks',
  },
  {
    code: 'dor24-radio-articulation',
    name: 'Radio: Articulation of Transmissions',
    group: 'Frequent Performance Tasks',
  },
  {
    code: 'dor25-policy-field',
    name: 'Department Policy & Procedure \u2013 Reflected in Field Performance',
    group: 'Knowledge',
  },
  {
    code: 'dor26-policy-testing',
    name: 'Department Policy & Procedure \u2013 Reflected by Verbal/Written/Simulated Testing',
    group: 'Knowledge',
  },
  {
    code: 'dor27-criminal-statutes-field',
    name: 'Criminal Statutes \u2013 Reflected in Field Performance',
    group: 'Knowledge',
  },
  {
    code: 'dor28-criminal-statutes-testing',
    name: 'Criminal Statutes \u2013 Reflected by Verbal/Written/Simulated Testing',
    group: 'Knowledge',
  },
  {
    code: 'dor29-resources-alternatives-field',
    name: 'Resources & Alternatives \u2013 Reflected in Field Performance',
    group: 'Knowledge',
  },
  {
    code: 'dor30-resources-alternatives-testing',
    name: 'Resources & Alternatives \u2013 Reflected by Verbal/Written/Simulated Testing',
    group: 'Knowledge',
  },
  {
    code: 'dor31-traffic-statutes-field',
    name: 'Traffic Statutes \u2013 Reflected in Field Performance',
    group: 'Knowledge',
  },
  {
    code: 'dor32-traffic-statutes-testing',
    name: 'Traffic Statutes \u2013 Reflected by Verbal/Written/Simulated Testing',
    group: 'Knowledge',
  },
  {
    code: 'dor33-scope-of-practice-field',
    name: 'Scope of Practice \u2013 Reflected in Field Performance',
    group: 'Knowledge',
  },
  {
    code: 'dor34-scope-of-practice-testing',
    name: 'Scope of Practice \u2013 Reflected by Verbal/Written/Simulated Testing',
    group: 'Knowledge',
  },
  {
    code: 'dor35-acceptance-of-feedback',
    name: 'Acceptance of Feedback: FTO & FTEP',
    group: 'Attitude & Relationships',
  },
  { code: 'dor36-attitude-toward-police-work', name: 'Attitude Toward Police Work', group: 'Attitude & Relationships' },
  {
    code: 'dor37-relationships-citizens',
    name: 'Relationships: Citizens in General',
    group: 'Attitude & Relationships',
  },
  {
    code: 'dor38-relationships-cultural-groups',
    name: 'Relationships: Ethnic/Cultural/Social Groups',
    group: 'Attitude & Relationships',
  },
  {
    code: 'dor39-relationships-department',
    name: 'Relationships: Department Members/Supervisors',
    group: 'Attitude & Relationships',
  },
  { code: 'dor40-general-appearance', name: 'General Appearance', group: 'Appearance' },
];

/** A program's categories: its own, else the default list. */
export const dorCategoriesOf = (program: { dorCategories?: DorCategory[] | null } | undefined) =>
  program?.dorCategories ?? DEFAULT_DOR_CATEGORIES;
