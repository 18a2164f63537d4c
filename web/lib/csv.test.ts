import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('CSV export', () => {
  it('quotes commas, quotes and line breaks, in the given column order', () => {
    const csv = toCsv([{ name: 'Doe, Jane', note: 'said "hi"\nthen left', score: 90 }], ['score', 'name', 'note']);
    expect(csv).toBe('score,name,note\r\n90,"Doe, Jane","said ""hi""\nthen left"');
  });

  it('neutralises spreadsheet formulas typed into a field', () => {
    expect(toCsv([{ notes: '=HYPERLINK("http://evil")' }])).toContain(`"'=HYPERLINK`);
  });
});
