/**
 * The cohort SMC summary as a PDF, drawn by pdfkit (a maintained, pure-JS library: no browser at run time, a few MB
 * installed). One table of the same rows the CSV holds (`cohortSmcRows`), so the two downloads cannot disagree.
 */
import PDFDocument from 'pdfkit';

const MARGIN = 40;
const COLUMNS = [
  { width: 100 },
  { width: 155 },
  { width: 50 },
  { width: 50, right: true },
  { width: 50, right: true },
  { width: 50, right: true },
] as const;
const ROW_GAP = 4;
/** Space between columns, so a cell's last word never touches the next cell. */
const COLUMN_GAP = 14;

/** A title, the lines saying what was counted, then the rows as a table with its header repeated on every page. */
export function tablePdf(title: string, lines: readonly string[], rows: readonly Record<string, string | number>[]) {
  const doc = new PDFDocument({ size: 'LETTER', margin: MARGIN, info: { Title: title } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font('Helvetica-Bold').fontSize(14).text(title);
  doc.font('Helvetica').fontSize(9);
  for (const line of lines) doc.text(line);
  doc.moveDown();
  const header = Object.keys(rows[0] ?? {});
  const drawRow = (cells: readonly string[], bold: boolean) => {
    const font = bold ? 'Helvetica-Bold' : 'Helvetica';
    doc.font(font);
    const heights = cells.map((cell, i) => doc.heightOfString(cell, { width: COLUMNS[i]?.width ?? 60 }));
    const height = Math.max(...heights) + ROW_GAP;
    if (doc.y + height > doc.page.height - MARGIN) {
      doc.addPage();
      if (!bold) drawRow(header, true);
      // the repeated header left its bold font set
      doc.font(font);
    }
    const top = doc.y;
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const col = COLUMNS[i] ?? { width: 60 };
      doc.text(cell, x, top, { width: col.width, align: 'right' in col && col.right ? 'right' : 'left' });
      x += col.width + COLUMN_GAP;
    });
    doc.x = MARGIN;
    doc.y = top + height;
  };
  if (header.length) drawRow(header, true);
  for (const row of rows)
    drawRow(
      header.map((h) => String(row[h] ?? '')),
      false,
    );
  doc.end();
  return done;
}
