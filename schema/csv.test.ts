import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';

import { toCsv } from './csv.ts';

/** What a spreadsheet reads back from each cell: a leading ' keeps the cell text, never a formula. */
const cellsOf = (csv: string) => Papa.parse<string[]>(csv).data.slice(1)[0];

describe('CSV export', () => {
  it('quotes commas, quotes and line breaks, in the given column order', () => {
    const csv = toCsv([{ name: 'Doe, Jane', note: 'said "hi"\nthen left', score: 90 }], ['score', 'name', 'note']);
    expect(csv).toBe('score,name,note\r\n90,"Doe, Jane","said ""hi""\nthen left"');
  });

  it('neutralises spreadsheet formulas typed into a field', () => {
    expect(toCsv([{ notes: '=HYPERLINK("http://evil")' }])).toContain(`"'=HYPERLINK`);
  });
});

describe('CSV cells a spreadsheet could run', () => {
  it('neutralises a cell starting with = + - @ tab or CR, whatever follows, line breaks included', () => {
    const hostile = [
      '=HYPERLINK("http://evil")',
      '=cmd|" /C calc"!A0\nsecond line',
      '+1+cmd|" /C calc"!A0\r\nnext',
      '-2+3\nx',
      '@SUM(A1)\n',
      '\t=1\n',
      '\r=1\n',
    ];
    const columns = hostile.map((_, i) => `c${i}`);
    const row = Object.fromEntries(hostile.map((value, i) => [`c${i}`, value]));
    expect(cellsOf(toCsv([row], columns))).toEqual(hostile.map((value) => `'${value}`));
  });

  it('leaves numbers, ordinary text and a formula character later in the cell as they are', () => {
    const csv = toCsv([{ score: -5, name: 'Doe, Jane', note: 'a = b\n=c' }], ['score', 'name', 'note']);
    expect(csv).toBe('score,name,note\r\n-5,"Doe, Jane","a = b\n=c"');
  });
});
