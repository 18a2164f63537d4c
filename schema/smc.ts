/**
 * The Student Minimum Competency (SMC), defined once: every screen, report, export and server query that shows a
 * student's SMC figures calls `smcFigures`. The age and pathology tables and team leads count patient contacts (by
 * the program's contact rules), the motor-skill table counts logged attempts of the catalogue's motor skills (by the
 * program's skill minimums). Each item is split by setting and into verified and awaiting; verified is the one rule
 * the rest of the app uses (`verifiedBy` set: logged by staff, or held by a sign-off in a state the program counts),
 * so only verified records meet a minimum. The tables and default minimums follow the student's certification level
 * (`SMC_LEVEL_RULES`): the paramedic SMC, the AEMT Table 3, or the EMT skill sheets and list.
 */
import { ATTEMPT_SETTINGS, type AttemptSetting, type Confidence, CONFIDENCE_LABELS } from './enums.ts';
import { type AgeBand, type ContactRules, DEFAULT_CONTACT_RULES } from './patient-contact.ts';
import { derivedStatus, entryOf, foldEntries, type LogRow, type SkillMinimum, skillMinimum } from './skill-figures.ts';
import { byLevelThenSmcNumber } from './skill-order.ts';
import { type ProgramRow, type SkillRow, skillsByTrack, type StudentRow, studentTrack } from './student-summary.ts';

export type SmcTable = 'age' | 'pathology' | 'teamLeads' | 'motor';
/**
 * The SMC's own table names (CoAEMSP's paramedic SMC, and NASEMSO's AEMT guideline, which mirrors its layout): read
 * through `smcTableLabel`, so each table is titled by the student's level.
 */
const SMC_TABLE_LABELS: Record<SmcTable, string> = {
  age: 'Table 1: Ages',
  pathology: 'Table 2: Pathologies',
  teamLeads: 'Table 4: Team leads',
  motor: 'Table 3: Motor skills',
};

/**
 * An EMT's (and EMR's) tables: no SMC exists at this level (research wave 3 §1), so none is a numbered SMC table.
 * The contacts are named by the dimensions a portfolio tracks (age, and pathology or presentation; wave 2 §2.2).
 */
const EMT_TABLE_LABELS: Record<SmcTable, string> = {
  age: 'Patient contacts by age',
  pathology: 'Patient contacts by pathology',
  teamLeads: 'Team leads',
  motor: 'Skills (program-set minimums)',
};

/** The catalogue's old capstone team-lead item: team leads are counted from contacts. */
const TEAM_LEAD_ITEM = 'T4-2';

/**
 * Catalogue items that once stood for contact counts (SMC Tables 1 and 2, T1-x and T2-x, and the team leads): the
 * contact tables replace them, so no figure reads them, the seed no longer adds them and migration 0012 moved their
 * logged attempts to patient contacts.
 */
export const isContactTableItem = (skill: { smcMatrixNumber: string | null }) =>
  /^T[12]-/.test(skill.smcMatrixNumber ?? '') || skill.smcMatrixNumber === TEAM_LEAD_ITEM;

interface SkillsTableCandidate {
  smcMotorSkillName: string | null;
  standardReference: string | null;
  programType: string;
}

/** Motor skills (Table 3): the catalogue items that name one. */
const isMotorSkill = (skill: SkillsTableCandidate) => skill.programType === 'ems' && !!skill.smcMotorSkillName;

/** An EMT skill with a published sheet or list behind it (an NREMT skill sheet, the EMT skills list), or a motor skill. */
const isEmtSkill = (skill: SkillsTableCandidate) =>
  isMotorSkill(skill) || (skill.programType === 'ems' && !!skill.standardReference);

/** Where a minimum comes from, shown beside it so nobody mistakes a program's target for a national figure. */
export interface MinimumSource {
  source: string;
  confidence: Confidence;
}

/** A minimum's source in words, with how far it can be trusted: what every document prints beside a minimum. */
export const minimumSourceLabel = (s: MinimumSource) => `${s.source} (${CONFIDENCE_LABELS[s.confidence]})`;

/** The distinct sources of a table's minimums, in the order its items first name them. */
export const tableSources = (items: readonly SmcItem[]) => [
  ...new Set(items.map((i) => minimumSourceLabel(i.minimumSource))),
];

export const PROGRAM_SET: MinimumSource = { source: 'Set by the program in Requirements', confidence: 'verbatim' };

/**
 * The seeded contact minimums have no public CoAEMSP source (research wave 3 §1.2): they are program targets seen in
 * public program specifications, so they are shown as program-set defaults, never as CoAEMSP figures.
 */
export const DEFAULT_CONTACT_MINIMUM_SOURCE: MinimumSource = {
  source: 'Program-set default (program targets seen in public program specifications; no public CoAEMSP figure)',
  confidence: 'uncertain',
};

/** The levels whose students have their own SMC tables; every EMS level reads as one of them (`smcLevelOf`). */
export type SmcLevel = 'emt' | 'aemt' | 'paramedic';

/** A level's contact rules when the program has set none: the paramedic bands and categories, no minimum in any. */
const noContactMinimums: ContactRules = {
  ...DEFAULT_CONTACT_RULES,
  ageBands: DEFAULT_CONTACT_RULES.ageBands.map((b) => ({ ...b, minimum: 0 })),
  pathologyMinimums: Object.fromEntries(Object.keys(DEFAULT_CONTACT_RULES.pathologyMinimums).map((c) => [c, 0])),
  teamLeadMinimum: 0,
};

/**
 * What a certification level is measured against (research wave 3 §1, standards/README.md):
 * - Paramedic: the CoAEMSP SMC, all four tables; the contact minimums are program targets (program-set defaults).
 * - AEMT: the NASEMSO AEMT SMC Model Guideline, which mirrors the paramedic layout; its Table 3 motor skills carry
 *   the catalogue's figures and source, but no public source gives contact minimums, and team leads are the paramedic
 *   capstone's, so ages and pathologies are counted with no minimum until the program sets one.
 * - EMT (and EMR): no national minimum competency exists; the skills table is the level's NREMT skill sheets and EMT
 *   skills list, each at the catalogue's placeholder minimum, which is a program-set default, never a national one.
 */
export interface SmcLevelRules {
  level: SmcLevel;
  /** The contact rules when the program has set none, and where their minimums come from. */
  contactDefaults: ContactRules;
  contactDefaultSource: MinimumSource;
  teamLeads: boolean;
  /** Which of the level's catalogue skills its skills table lists. */
  isSkillsTableItem: (skill: SkillsTableCandidate) => boolean;
  /** Where a skill's minimum comes from when the program has set none; null means the catalogue item's own source. */
  skillDefaultSource: MinimumSource | null;
  /** Each table's title: "Table 1" to "Table 4" are the SMC's names, which EMT and EMR have none of. */
  tableLabels: Record<SmcTable, string>;
}

export const SMC_LEVEL_RULES: Record<SmcLevel, SmcLevelRules> = {
  paramedic: {
    level: 'paramedic',
    contactDefaults: DEFAULT_CONTACT_RULES,
    contactDefaultSource: DEFAULT_CONTACT_MINIMUM_SOURCE,
    teamLeads: true,
    isSkillsTableItem: isMotorSkill,
    skillDefaultSource: null,
    tableLabels: SMC_TABLE_LABELS,
  },
  aemt: {
    level: 'aemt',
    contactDefaults: noContactMinimums,
    contactDefaultSource: {
      source: 'Program-set default (no public AEMT contact minimum; the program sets one in Requirements)',
      confidence: 'uncertain',
    },
    teamLeads: false,
    isSkillsTableItem: isMotorSkill,
    skillDefaultSource: null,
    tableLabels: SMC_TABLE_LABELS,
  },
  emt: {
    level: 'emt',
    contactDefaults: noContactMinimums,
    contactDefaultSource: {
      source: 'Program-set default (no national EMT contact minimum; the program sets one in Requirements)',
      confidence: 'uncertain',
    },
    teamLeads: false,
    isSkillsTableItem: isEmtSkill,
    skillDefaultSource: {
      source: 'Program-set default (no public EMT skill minimum; placeholder of the skills catalogue)',
      confidence: 'uncertain',
    },
    tableLabels: EMT_TABLE_LABELS,
  },
};

/** A table's title at a level: the SMC's name for paramedic and AEMT, the level's own for EMT and EMR. */
export const smcTableLabel = (table: SmcTable, level: string | null | undefined) =>
  smcLevelOf(level).tableLabels[table];

/** A table's title over students of several levels: each level's title once, in the order the levels come. */
export const smcTableLabelOf = (table: SmcTable, levels: readonly (string | null | undefined)[]) =>
  [...new Set((levels.length ? levels : [null]).map((l) => smcTableLabel(table, l)))].join(' / ');

/** Where a program's contact minimums come from: its own once edited in Requirements, else its level's defaults. */
export const contactMinimumSource = (
  contactRules: ContactRules | null | undefined,
  level: string | null | undefined,
): MinimumSource => (contactRules ? PROGRAM_SET : smcLevelOf(level).contactDefaultSource);

/** The SMC rules of a student's track level: AEMT's, EMT's for EMT and EMR, else (paramedic, critical care) paramedic's. */
export function smcLevelOf(level: string | null | undefined): SmcLevelRules {
  if (level === 'aemt') return SMC_LEVEL_RULES.aemt;
  if (level === 'emt' || level === 'emr') return SMC_LEVEL_RULES.emt;
  return SMC_LEVEL_RULES.paramedic;
}

interface Tally {
  attempted: number;
  successful: number;
}

export interface SmcItem {
  table: SmcTable;
  key: string;
  label: string;
  /** The catalogue skill a motor item counts (with its SMC matrix number); null for the contact tables. */
  skillId: string | null;
  reference: string | null;
  minimum: number;
  /** Per-setting minimums (motor skills only; the program's own). */
  settingMinimums: Partial<Record<AttemptSetting, number>>;
  minimumSource: MinimumSource;
  /** Verified successes: what meets the minimum. */
  count: number;
  attempted: number;
  successful: number;
  /** Whole percent of verified attempts that succeeded; null before any. */
  percentSuccessful: number | null;
  met: boolean;
  /** The student's own records no one has verified yet: shown apart, counted nowhere. */
  awaiting: Tally;
  bySetting: Record<AttemptSetting, { verified: Tally; awaiting: Tally }>;
}

export interface SmcFigures {
  /** The level whose tables and default minimums these are. */
  level: SmcLevel;
  age: SmcItem[];
  pathology: SmcItem[];
  /** The one team-lead item, or none at a level without team leads. */
  teamLeads: SmcItem[];
  motor: SmcItem[];
  /** Verified and awaiting patient contacts in all. */
  contacts: { verified: number; awaiting: number };
}

export interface SmcContact {
  setting: string;
  ageYears: number;
  ageMonths: number;
  primaryImpression: string;
  teamLead: boolean;
  verifiedBy: string | null;
  /** Only on contacts migration 0012 made from old catalogue items: the one item it counts in. */
  smcItem?: string | null;
}

interface SmcMotorSkill {
  id: string;
  name: string;
  smcMatrixNumber: string | null;
  /** Where the item is defined (e.g. NREMT E201), the reference of an item with no SMC matrix number. */
  standardReference?: string | null;
  smcMotorSkillName: string | null;
  minimumAttempts: number;
  source: string | null;
  confidence: string;
}

/** One row of the evidence log; `id` finds its void. */
export type SmcAttempt = LogRow & { id: string; skillId: string };

export interface SmcInput {
  contacts: readonly SmcContact[];
  /** The student's motor skills (their level's), in the order the table lists them. */
  motorSkills: readonly SmcMotorSkill[];
  attempts: readonly SmcAttempt[];
  voidedAttemptIds: ReadonlySet<string>;
  program: { contactRules: ContactRules | null; skillMinimums: Record<string, SkillMinimum> | null } | null;
  /** The student's track level; absent, the paramedic SMC. */
  level?: string | null;
}

const emptyTally = (): Tally => ({ attempted: 0, successful: 0 });
const emptyBySetting = () =>
  Object.fromEntries(ATTEMPT_SETTINGS.map((s) => [s, { verified: emptyTally(), awaiting: emptyTally() }])) as Record<
    AttemptSetting,
    { verified: Tally; awaiting: Tally }
  >;
const isSetting = (s: string | null | undefined): s is AttemptSetting =>
  !!s && (ATTEMPT_SETTINGS as readonly string[]).includes(s);

const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : null);

/** The band an age falls in: the last band starting at or before it (bands are ordered by their start). */
export function ageBandOf(ageYears: number, ageMonths: number, bands: readonly AgeBand[]): AgeBand | undefined {
  const months = ageYears * 12 + ageMonths;
  let found: AgeBand | undefined;
  for (const band of bands) if (band.fromMonths <= months) found = band;
  return found;
}

/** An impression the program's map does not list counts as Other. */
const pathologyOf = (impression: string, rules: ContactRules) => rules.pathologyMap[impression] ?? 'Other';

interface ContactItem {
  table: SmcTable;
  label: string;
  minimum: number;
  contacts: SmcContact[];
}

/** A contact table's item: every contact is an attempt and a success (a contact happened or was not logged). */
function contactItem({ table, label, minimum, contacts }: ContactItem, minimumSource: MinimumSource): SmcItem {
  const bySetting = emptyBySetting();
  const verified = emptyTally();
  const awaiting = emptyTally();
  for (const c of contacts) {
    const side = c.verifiedBy ? 'verified' : 'awaiting';
    const tally = c.verifiedBy ? verified : awaiting;
    tally.attempted++;
    tally.successful++;
    if (isSetting(c.setting)) {
      bySetting[c.setting][side].attempted++;
      bySetting[c.setting][side].successful++;
    }
  }
  return {
    table,
    key: `${table}:${label}`,
    label,
    skillId: null,
    reference: null,
    minimum,
    settingMinimums: {},
    minimumSource,
    count: verified.successful,
    attempted: verified.attempted,
    successful: verified.successful,
    percentSuccessful: percentOf(verified.successful, verified.attempted),
    met: verified.successful >= minimum,
    awaiting,
    bySetting,
  };
}

/** The one item a migrated contact counts in (migration 0012), as [table, label]; null for a contact as logged. */
function migratedItem(c: SmcContact): [SmcTable, string] | null {
  if (!c.smcItem) return null;
  if (c.smcItem === 'teamLeads') return ['teamLeads', 'Team lead'];
  const [table, ...label] = c.smcItem.split(':');
  return table === 'age' || table === 'pathology' ? [table, label.join(':')] : null;
}

const push = (map: Map<string, SmcContact[]>, key: string, c: SmcContact) => {
  const list = map.get(key);
  if (list) list.push(c);
  else map.set(key, [c]);
};

/**
 * Each logged contact counts once per table: in the age band its age falls in, in the pathology category of its
 * primary impression, and as a team lead when the student led. A migrated contact counts only in its one item; an
 * item the program's rules do not list (an old catalogue group such as Pediatric (total)) is shown with minimum 0.
 */
function contactTables(
  contacts: readonly SmcContact[],
  rules: ContactRules,
  source: MinimumSource,
  teamLeads: boolean,
) {
  const byBand = new Map(rules.ageBands.map((b) => [b.label, [] as SmcContact[]]));
  const byCategory = new Map(Object.keys(rules.pathologyMinimums).map((c) => [c, [] as SmcContact[]]));
  const leads: SmcContact[] = [];
  for (const c of contacts) {
    const migrated = migratedItem(c);
    if (migrated) {
      const [table, label] = migrated;
      if (table === 'teamLeads') leads.push(c);
      else push(table === 'age' ? byBand : byCategory, label, c);
      continue;
    }
    const band = ageBandOf(c.ageYears, c.ageMonths, rules.ageBands);
    if (band) push(byBand, band.label, c);
    push(byCategory, pathologyOf(c.primaryImpression, rules), c);
    if (c.teamLead) leads.push(c);
  }
  const bandMinimum = new Map(rules.ageBands.map((b) => [b.label, b.minimum]));
  const item = (table: SmcTable, label: string, minimum: number, list: SmcContact[]) =>
    contactItem({ table, label, minimum, contacts: list }, source);
  return {
    age: [...byBand].map(([label, list]) => item('age', label, bandMinimum.get(label) ?? 0, list)),
    pathology: [...byCategory].map(([label, list]) =>
      item('pathology', label, rules.pathologyMinimums[label] ?? 0, list),
    ),
    teamLeads: teamLeads ? [item('teamLeads', 'Team lead', rules.teamLeadMinimum, leads)] : [],
  };
}

/** A motor skill's item: the skill figures' own fold for the verified side, so met means what "completed" means. */
function motorItem(
  skill: SmcMotorSkill,
  attempts: readonly SmcAttempt[],
  programMinimums: Record<string, SkillMinimum> | null,
  defaultSource: MinimumSource | null,
): SmcItem {
  const entries = attempts.map(entryOf);
  const figures = foldEntries(entries);
  const minimum = skillMinimum(programMinimums, skill);
  const bySetting = emptyBySetting();
  const awaiting = emptyTally();
  for (const s of ATTEMPT_SETTINGS) {
    bySetting[s].verified = { attempted: figures.bySetting[s].attempts, successful: figures.bySetting[s].successful };
  }
  for (const e of entries) {
    if (e.verified || e.participation === 'observed') continue;
    const success = e.successfulDelta > 0 ? 1 : 0;
    awaiting.attempted += e.attemptsDelta;
    awaiting.successful += success;
    if (isSetting(e.setting)) {
      bySetting[e.setting].awaiting.attempted += e.attemptsDelta;
      bySetting[e.setting].awaiting.successful += success;
    }
  }
  const own = !!programMinimums?.[skill.id];
  return {
    table: 'motor',
    key: `motor:${skill.id}`,
    label: skill.smcMotorSkillName ?? skill.name,
    skillId: skill.id,
    reference: skill.smcMatrixNumber ?? skill.standardReference ?? null,
    minimum: minimum.total,
    settingMinimums: minimum.bySetting,
    minimumSource: own
      ? PROGRAM_SET
      : (defaultSource ?? { source: skill.source ?? 'Skills catalogue', confidence: skill.confidence as Confidence }),
    count: figures.successfulAttempts,
    attempted: figures.attempts,
    successful: figures.successfulAttempts,
    percentSuccessful: percentOf(figures.successfulAttempts, figures.attempts),
    met: derivedStatus(figures, minimum) === 'completed',
    awaiting,
    bySetting,
  };
}

/** A student's SMC: the one function every figure of it comes from. */
export function smcFigures(input: SmcInput): SmcFigures {
  const levelRules = smcLevelOf(input.level);
  const own = input.program?.contactRules;
  const rules = own ?? levelRules.contactDefaults;
  const source = own ? PROGRAM_SET : levelRules.contactDefaultSource;
  const standing = input.attempts.filter((a) => !input.voidedAttemptIds.has(a.id));
  const bySkill = new Map<string, SmcAttempt[]>();
  for (const a of standing) {
    if (!bySkill.has(a.skillId)) bySkill.set(a.skillId, []);
    bySkill.get(a.skillId)!.push(a);
  }
  const verifiedContacts = input.contacts.filter((c) => c.verifiedBy).length;
  const skillMinimums = input.program?.skillMinimums ?? null;
  return {
    level: levelRules.level,
    ...contactTables(input.contacts, rules, source, levelRules.teamLeads),
    motor: input.motorSkills.map((k) =>
      motorItem(k, bySkill.get(k.id) ?? [], skillMinimums, levelRules.skillDefaultSource),
    ),
    contacts: { verified: verifiedContacts, awaiting: input.contacts.length - verifiedContacts },
  };
}

/** Every item of the four tables, in the order the documents print them. */
export const smcItems = (f: SmcFigures): SmcItem[] => [...f.age, ...f.pathology, ...f.teamLeads, ...f.motor];

/** Items short of their minimum: what a portfolio lists as missing. */
export const smcMissing = (f: SmcFigures) => smcItems(f).filter((i) => !i.met);

/** What a student's SMC is read from, as both the device's and the server's tables hold it. */
export interface SmcRecords {
  student: Pick<StudentRow, 'emsCertificationLevel'>;
  program: Omit<ProgramRow, 'deletedAt'> | undefined;
  /** The live catalogue; the student's track picks its motor skills. */
  skills: readonly Omit<SkillRow, 'deletedAt'>[];
  contacts: readonly (SmcContact & { deletedAt?: string | null })[];
  attempts: readonly (SmcAttempt & { deletedAt?: string | null })[];
  voidedAttemptIds: ReadonlySet<string>;
}

/** A student's SMC from their records: the device and the server both call this, so they cannot disagree. */
export function studentSmc(r: SmcRecords): SmcFigures {
  const track = studentTrack(r.student, r.program, skillsByTrack(r.skills));
  const mine = new Set(track.skillIds);
  const { isSkillsTableItem } = smcLevelOf(track.level);
  return smcFigures({
    level: track.level,
    contacts: r.contacts.filter((c) => !c.deletedAt),
    motorSkills: r.skills
      .filter((k) => mine.has(k.id) && isSkillsTableItem(k) && !isContactTableItem(k))
      .sort(byLevelThenSmcNumber),
    attempts: r.attempts.filter((a) => !a.deletedAt),
    voidedAttemptIds: r.voidedAttemptIds,
    program: r.program ? { contactRules: r.program.contactRules, skillMinimums: r.program.skillMinimums } : null,
  });
}
