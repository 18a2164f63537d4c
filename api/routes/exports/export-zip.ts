/**
 * A records export as one ZIP, written as the client reads it: each pull reads one page of one section, writes it
 * into the current file (deflated by fflate) and hands on the bytes that came out. So memory holds one page and the
 * compressor's window however large the program, and the server's thread is held one page at a time. Cells go into
 * the files as SQLite stored them (export-sections.ts): no row is parsed into objects and written out again.
 */
import { Zip, ZipDeflate } from 'fflate';

import { log } from '#api/log.ts';
import { toCsv } from '#schema/csv.ts';

import type { ExportSection } from './export-sections.ts';

const encoder = new TextEncoder();

function* csvText(section: ExportSection): Generator<string> {
  yield toCsv([], section.columns);
  for (const rows of section.pages()) {
    const cells = rows.map((row) => Object.fromEntries(section.columns.map((c, i) => [c, row[i].csv])));
    yield `\r\n${toCsv(cells, section.columns, false)}`;
  }
  yield '\r\n';
}

function* jsonText(section: ExportSection): Generator<string> {
  // each key's JSON once; a row is its keys beside its cells' stored JSON text
  const keys = section.columns.map((c) => `${JSON.stringify(c)}:`);
  let separator = '[\n';
  for (const rows of section.pages()) {
    const text = rows.map((row) => `{${row.map((cell, i) => keys[i] + cell.json).join(',')}}`).join(',\n');
    yield separator + text;
    separator = ',\n';
  }
  yield separator === '[\n' ? '[]\n' : '\n]\n';
}

/** The ZIP's bytes, a piece per step; `readme` is its first file. */
function* zipBytes(readme: string, sections: ExportSection[]): Generator<Uint8Array[]> {
  let out: Uint8Array[] = [];
  const zip = new Zip((err, chunk) => {
    if (err) throw err;
    out.push(chunk);
  });
  const drain = () => {
    const taken = out;
    out = [];
    return taken;
  };
  const files: [string, Iterable<string>][] = [
    ['README.txt', [readme]],
    ...sections.flatMap((s): [string, Iterable<string>][] => [
      [`csv/${s.name}.csv`, csvText(s)],
      [`json/${s.name}.json`, jsonText(s)],
    ]),
  ];
  for (const [name, text] of files) {
    // level 1: a fifth less CPU than the default 6, for a ZIP a fifth larger; the server is shared, the disk is not
    const file = new ZipDeflate(name, { level: 1 });
    zip.add(file);
    for (const piece of text) {
      file.push(encoder.encode(piece));
      yield drain();
    }
    file.push(new Uint8Array(0), true);
    yield drain();
  }
  zip.end();
  yield drain();
}

export function zipStream(readme: string, sections: ExportSection[]): ReadableStream<Uint8Array> {
  const steps = zipBytes(readme, sections);
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      try {
        // steps that wrote nothing out yet (the compressor holds small pieces) are taken until one did
        for (;;) {
          const next = steps.next();
          if (next.done) return controller.close();
          if (next.value.length === 0) continue;
          for (const chunk of next.value) controller.enqueue(chunk);
          return;
        }
      } catch (e) {
        // the answer has begun as a 200: the client sees it cut short (no ZIP directory), the log says why
        log.error(e);
        controller.error(e);
      }
    },
    cancel() {
      steps.return(undefined);
    },
  });
}
