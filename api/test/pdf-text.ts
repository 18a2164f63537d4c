/** The text a pdfkit PDF drew, for tests that read what a printed document says. */
import { inflateSync } from 'node:zlib';

/** Each content stream of the PDF, inflated (streams that are not deflated, such as images, are skipped). */
async function contentStreams(res: Response): Promise<string[]> {
  const bytes = Buffer.from(await res.arrayBuffer());
  const streams: string[] = [];
  let at = 0;
  for (;;) {
    const start = bytes.indexOf('stream\n', at);
    if (start < 0) break;
    const end = bytes.indexOf('\nendstream', start);
    at = end + 10;
    try {
      streams.push(inflateSync(bytes.subarray(start + 7, end)).toString('latin1'));
    } catch {
      continue;
    }
  }
  return streams;
}

/** A TJ array's hex strings joined into the text they draw. */
const tjText = (tj: string) =>
  [...tj.matchAll(/<([0-9a-f]*)>/g)].map((m) => Buffer.from(m[1]!, 'hex').toString('latin1')).join('');

/** Each content stream inflated, each TJ array's hex strings joined into one line. */
export async function pdfText(res: Response): Promise<string> {
  const streams = await contentStreams(res);
  return streams.flatMap((content) => [...content.matchAll(/\[([^\]]*)\] TJ/g)].map((tj) => tjText(tj[1]!))).join('\n');
}

/**
 * One line a PDF drew: its text, and where (pdfkit's text matrix: x from the left, y up from the page's foot), in
 * which content stream (pdfkit writes one per page).
 */
export interface PlacedLine {
  stream: number;
  text: string;
  x: number;
  y: number;
}

/** Each line of text a pdfkit PDF drew with its place, for tests of a layout (where rows and cells fall). */
export async function pdfLines(res: Response): Promise<PlacedLine[]> {
  const streams = await contentStreams(res);
  return streams.flatMap((content, stream) =>
    [...content.matchAll(/1 0 0 1 ([\d.-]+) ([\d.-]+) Tm\s+\/F\d+ [\d.]+ Tf\s+\[([^\]]*)\] TJ/g)].map((m) => ({
      stream,
      text: tjText(m[3]!),
      x: Number(m[1]),
      y: Number(m[2]),
    })),
  );
}
