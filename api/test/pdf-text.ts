/** The text a pdfkit PDF drew, for tests that read what a printed document says. */
import { inflateSync } from 'node:zlib';

/** Each content stream inflated, each TJ array's hex strings joined into one line. */
export async function pdfText(res: Response): Promise<string> {
  const bytes = Buffer.from(await res.arrayBuffer());
  const lines: string[] = [];
  let at = 0;
  for (;;) {
    const start = bytes.indexOf('stream\n', at);
    if (start < 0) break;
    const end = bytes.indexOf('\nendstream', start);
    const body = bytes.subarray(start + 7, end);
    at = end + 10;
    let content: string;
    try {
      content = inflateSync(body).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of content.matchAll(/\[([^\]]*)\] TJ/g)) {
      lines.push(
        [...tj[1]!.matchAll(/<([0-9a-f]*)>/g)].map((m) => Buffer.from(m[1]!, 'hex').toString('latin1')).join(''),
      );
    }
  }
  return lines.join('\n');
}
