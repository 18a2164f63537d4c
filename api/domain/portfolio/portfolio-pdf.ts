/**
 * The portfolio as a printable PDF, drawn with pdfkit: plain tables in the built-in Helvetica, so no font files, no
 * browser and no layout engine are needed on the server (README: why pdfkit).
 */
import PDFDocument from 'pdfkit';

import { ATTESTATION_RULES } from '#schema/attestation.ts';
import { type Portfolio, type PortfolioDor, type PortfolioTaskBook, readyToGraduate } from '#schema/portfolio.ts';
import { type SmcItem, type SmcTable, smcTableLabel, tableSources } from '#schema/smc.ts';

import type { AttestationView } from './attestation.ts';

type Doc = InstanceType<typeof PDFDocument>;
const MARGIN = 40;
const ROW = 14;

interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

/** The space between a cell's text and the row below. */
const CELL_PADDING = 3;

/**
 * One table, its header repeated on each new page. A cell's text wraps within its column and the row grows to its
 * tallest cell, so a long name (a JPR's, a skill's) never runs into the next column or row.
 */
function table(doc: Doc, columns: Column[], rows: (string | number)[][]) {
  const header = () => {
    doc.font('Helvetica-Bold').fontSize(8);
    row(columns.map((c) => c.title));
    doc.font('Helvetica');
  };
  const cellOptions = (c: Column) => ({ width: c.width - 4, align: c.align ?? 'left' });
  const row = (cells: (string | number)[]) => {
    const texts = columns.map((_, i) => String(cells[i] ?? ''));
    const tallest = Math.max(...columns.map((c, i) => doc.heightOfString(texts[i] || ' ', cellOptions(c))));
    const height = Math.max(ROW, Math.ceil(tallest) + CELL_PADDING);
    if (doc.y + height > doc.page.height - MARGIN) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    let x = MARGIN;
    columns.forEach((c, i) => {
      doc.text(texts[i]!, x, y, cellOptions(c));
      x += c.width;
    });
    doc.x = MARGIN;
    doc.y = y + height;
  };
  header();
  for (const r of rows) row(r);
  doc.moveDown(0.5);
}

function heading(doc: Doc, text: string) {
  if (doc.y > doc.page.height - MARGIN - 60) doc.addPage();
  doc.moveDown(0.5).font('Helvetica-Bold').fontSize(11).text(text, MARGIN).font('Helvetica').fontSize(8).moveDown(0.2);
}

const SMC_COLUMNS: Column[] = [
  { title: 'Item', width: 150 },
  { title: 'Minimum', width: 45, align: 'right' },
  { title: 'Count', width: 40, align: 'right' },
  { title: 'Attempted', width: 50, align: 'right' },
  { title: 'Successful', width: 50, align: 'right' },
  { title: '% successful', width: 55, align: 'right' },
  { title: 'Met', width: 45 },
  { title: 'Awaiting', width: 50, align: 'right' },
];

const smcRow = (i: SmcItem) => [
  i.reference ? `${i.reference} ${i.label}` : i.label,
  i.minimum,
  i.count,
  i.attempted,
  i.successful,
  i.percentSuccessful === null ? '' : `${i.percentSuccessful}%`,
  i.met ? 'Met' : 'Not met',
  i.awaiting.successful,
];

function smcTables(doc: Doc, p: Portfolio) {
  const tables: [SmcTable, SmcItem[]][] = [
    ['age', p.smc.age],
    ['pathology', p.smc.pathology],
    ['motor', p.smc.motor],
    ['teamLeads', p.smc.teamLeads],
  ];
  // a table the student's level does not have (team leads below paramedic) is left out, not printed empty
  for (const [key, items] of tables.filter(([, items]) => items.length > 0)) {
    heading(doc, `${smcTableLabel(key, p.smc.level)} (verified; awaiting shown apart)`);
    table(doc, SMC_COLUMNS, items.map(smcRow));
    doc.text(`Minimums: ${tableSources(items).join('; ')}`, MARGIN, undefined, { width: 515 });
  }
}

function taskBookTable(doc: Doc, book: PortfolioTaskBook) {
  heading(doc, `NFPA 1001 task book: ${book.stateLabel}, ${book.signed} of ${book.required} JPRs signed`);
  table(
    doc,
    [
      { title: 'NFPA 1001', width: 95 },
      { title: 'JPR', width: 170 },
      { title: 'Signed', width: 50 },
      { title: 'Method', width: 95 },
      { title: 'Evaluator', width: 60 },
      { title: 'Date', width: 55 },
    ],
    book.jprs.map((j) => [
      j.reference,
      j.name,
      j.signed ? 'Signed' : 'Not signed',
      j.method ?? '',
      j.evaluator ?? '',
      j.date ?? '',
    ]),
  );
}

function dorTable(doc: Doc, dor: PortfolioDor) {
  const phase = dor.phase === null ? 'no completed report yet' : `phase ${dor.phase} of ${dor.phases}`;
  const { fto, trainee, supervisor } = dor.signed;
  heading(
    doc,
    `Daily Observation Reports: ${phase}, signed by the FTO ${fto}, by the trainee ${trainee}, by a supervisor ${supervisor}`,
  );
  table(
    doc,
    [
      { title: 'Category', width: 250 },
      { title: 'Latest rating', width: 70, align: 'right' },
      { title: 'Mean score', width: 70, align: 'right' },
    ],
    dor.categories.map((c) => [c.name, c.latest ?? '', c.mean ?? '']),
  );
}

/** The evidence tables of the student's discipline: the task book, the DORs, or the SMC tables. */
function evidence(doc: Doc, p: Portfolio) {
  if (p.taskBook) taskBookTable(doc, p.taskBook);
  else if (p.dor) dorTable(doc, p.dor);
  else smcTables(doc, p);
}

function hours(doc: Doc, p: Portfolio) {
  heading(doc, `Hours: ${p.hours.verified} verified, ${p.hours.awaiting} awaiting`);
  const columns: Column[] = [
    { title: 'Type or site', width: 250 },
    { title: 'Verified', width: 60, align: 'right' },
    { title: 'Awaiting', width: 60, align: 'right' },
  ];
  table(
    doc,
    columns,
    [...p.hours.byType, ...p.hours.bySite].map((l) => [l.label, l.verified, l.awaiting]),
  );
  if (p.hours.rejected > 0) doc.text(`${p.hours.rejected} hours held by rejected sign-offs are not counted.`);
}

function evaluations(doc: Doc, title: string, list: Portfolio['affective']) {
  heading(doc, title);
  if (list.length === 0) {
    doc.text('None recorded.');
    return;
  }
  for (const e of list) {
    const scores = Object.entries(e.scores)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => `${k} ${v}`)
      .join('; ');
    doc.text(`${e.date.slice(0, 10)}, ${e.preceptor}: ${scores}`, MARGIN, undefined, { width: 515 });
  }
}

function attestationBlock(doc: Doc, p: Portfolio, view: AttestationView) {
  heading(doc, ATTESTATION_RULES[p.discipline].title);
  if (view.signatures.length === 0) doc.text('Not attested.');
  for (const s of view.signatures) {
    doc.text(`${s.roleLabel}: ${s.name}, signed ${s.signedAt} (portfolio hash ${s.contentHash.slice(0, 16)}…)`);
    if (s.exception) doc.text(`Written exception: ${s.exception}`, { width: 515 });
  }
  if (view.changedAfter.length > 0) {
    doc.font('Helvetica-Bold').text('Changed after attestation:').font('Helvetica');
    for (const c of view.changedAfter) doc.text(`- ${c}`);
  }
}

/** An EMS graduate's hours, preceptors' evaluations and sign-offs. */
function emsRecords(doc: Doc, p: Portfolio) {
  hours(doc, p);
  evaluations(doc, 'Team leads: preceptor evaluations', p.teamLeads);
  evaluations(doc, 'Affective evaluations over time', p.affective);
  heading(doc, 'Sign-offs');
  table(
    doc,
    [
      { title: 'Signed', width: 70 },
      { title: 'Preceptor', width: 170 },
      { title: 'Signature', width: 100 },
      { title: 'State', width: 90 },
      { title: 'Hash', width: 85 },
    ],
    p.signOffs.map((s) => [
      s.capturedAt.slice(0, 10),
      `${s.preceptor.name}, ${s.preceptor.credential}`,
      s.signature.kind === 'typed' ? `Typed: ${s.signature.name}` : 'Drawn',
      s.status,
      s.hash.slice(0, 12),
    ]),
  );
}

/** The portfolio PDF as bytes. */
export function portfolioPdf(p: Portfolio, view: AttestationView, generatedAt: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: MARGIN, info: { Title: `Portfolio ${p.student.name}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font('Helvetica-Bold').fontSize(16).text(`Competency portfolio: ${p.student.name}`);
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(`${p.student.studentCode}, ${p.student.programName}. Generated ${generatedAt}.`);
  const ready = readyToGraduate(p);
  heading(doc, ready.ready ? 'Ready to graduate' : 'Not yet ready to graduate: missing');
  for (const m of ready.missing) doc.text(`- ${m.text}`);
  attestationBlock(doc, p, view);
  evidence(doc, p);
  // as on the screen: hours, preceptors' evaluations and sign-offs are EMS evidence, which a fire or police
  // graduate's portfolio does not stand on
  if (p.discipline === 'ems') emsRecords(doc, p);
  heading(doc, 'Documents (certifications)');
  if (p.documents.length === 0) doc.text('None on file.');
  for (const d of p.documents) doc.text(`${d.name} (${d.uploadedAt.slice(0, 10)})`);
  doc.end();
  return done;
}
