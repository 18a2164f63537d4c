/**
 * A graduate's competency portfolio: what the portfolio screen, its PDF, CSV and XLSX and the Terminal Competency
 * attestation all read. The SMC tables are `smcFigures`' own (schema/smc.ts); this file adds the hours, the
 * preceptors' evaluations, the sign-offs and the one "ready to graduate" rule.
 */
import { minimumSourceLabel, SMC_TABLE_LABELS, type SmcFigures, type SmcItem, smcItems, smcMissing } from './smc.ts';

/** Hours in one line of the hours tables: verified ones count, awaiting ones are shown apart. */
export interface HoursLine {
  label: string;
  verified: number;
  awaiting: number;
}

interface PortfolioHours {
  byType: HoursLine[];
  bySite: HoursLine[];
  verified: number;
  awaiting: number;
  /** Hours held by a rejected sign-off: counted nowhere, the total shown so nobody wonders where they went. */
  rejected: number;
}

interface PortfolioSignOff {
  id: string;
  capturedAt: string;
  status: string;
  preceptor: { name: string; credential: string; agency: string };
  /** How the preceptor signed: a drawn signature or a typed name. */
  signature: { kind: 'drawn' | 'typed'; name: string | null };
  hash: string;
  records: number;
}

/** A preceptor's evaluation on one sign-off: the affective items, and the team-lead scores when the student led. */
export interface PortfolioEvaluation {
  signOffId: string;
  date: string;
  preceptor: string;
  scores: Record<string, number | null>;
}

interface PortfolioDocument {
  id: string;
  name: string;
  type: string;
  uploadedAt: string;
}

export interface Portfolio {
  student: { id: string; name: string; studentCode: string; programId: string; programName: string };
  smc: SmcFigures;
  hours: PortfolioHours;
  requiredHours: number | null;
  affective: PortfolioEvaluation[];
  teamLeads: PortfolioEvaluation[];
  signOffs: PortfolioSignOff[];
  documents: PortfolioDocument[];
}

/** What a clinical entry without a site is called (the hours CSV called it "Field (no site)" before). */
export const noSiteLabel = (hourType: string) => (hourType === 'field' ? 'Field (no site)' : 'Clinical (no site)');

export interface Missing {
  /** The SMC item's key, or 'hours'. */
  key: string;
  text: string;
}

const itemShort = (i: SmcItem) => `${i.label}: ${i.count} of ${i.minimum} verified`;

/**
 * Ready to graduate: every SMC item met by verified records and the program's required hours verified. `missing`
 * lists exactly what is short, in the order the portfolio prints the tables; ready when it is empty.
 */
export function readyToGraduate(p: Pick<Portfolio, 'smc' | 'hours' | 'requiredHours'>) {
  const missing: Missing[] = smcMissing(p.smc).map((i) => ({ key: i.key, text: itemShort(i) }));
  if (p.requiredHours && p.hours.verified < p.requiredHours) {
    missing.push({ key: 'hours', text: `Hours: ${p.hours.verified} of ${p.requiredHours} verified` });
  }
  return { ready: missing.length === 0, missing };
}

export const PORTFOLIO_FIGURE_COLUMNS = [
  'Table',
  'Item',
  'Minimum',
  'Count',
  'Attempted',
  'Successful',
  '% successful',
  'Met',
  'Awaiting attempted',
  'Awaiting successful',
  'Minimum source',
] as const;

/** The figures of the CSV and XLSX exports: one row per SMC item, in print order, by column name. */
export const portfolioFigureRows = (
  smc: SmcFigures,
): Record<(typeof PORTFOLIO_FIGURE_COLUMNS)[number], string | number>[] =>
  smcItems(smc).map((i) => ({
    Table: SMC_TABLE_LABELS[i.table],
    Item: i.reference ? `${i.reference} ${i.label}` : i.label,
    Minimum: i.minimum,
    Count: i.count,
    Attempted: i.attempted,
    Successful: i.successful,
    '% successful': i.percentSuccessful ?? '',
    Met: i.met ? 'Met' : 'Not met',
    'Awaiting attempted': i.awaiting.attempted,
    'Awaiting successful': i.awaiting.successful,
    'Minimum source': minimumSourceLabel(i.minimumSource),
  }));
