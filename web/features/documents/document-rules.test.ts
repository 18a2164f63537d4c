import { describe, expect, it } from 'vitest';

import { formatFileSize } from '#web/lib/format.ts';

import { byNewest, canDeleteDocument, downloadName, filterDocuments } from './document-rules.ts';

describe('filterDocuments', () => {
  const docs = [
    { name: 'Clinical Handbook', description: 'Rules for rotations', type: 'Policy', programType: 'ems' },
    { name: 'Hose Drill Sheet', description: null, type: 'Form', programType: 'fire' },
    {
      name: 'Report Writing Guide',
      description: 'Narratives for clinical shifts',
      type: 'Reference Guide',
      programType: 'general',
    },
  ];
  const all = { query: '', type: 'all', programType: 'all' };
  const names = (f: Partial<typeof all>) => filterDocuments(docs, { ...all, ...f }).map((d) => d.name);

  it('searches name and description, ignoring case', () => {
    expect(names({ query: 'clinical' })).toEqual(['Clinical Handbook', 'Report Writing Guide']);
    expect(names({ query: 'HOSE' })).toEqual(['Hose Drill Sheet']);
    expect(names({ query: 'nothing like it' })).toEqual([]);
    expect(names({})).toHaveLength(3);
  });

  it('filters by type and by program type, together with the search', () => {
    expect(names({ type: 'Form' })).toEqual(['Hose Drill Sheet']);
    expect(names({ programType: 'general' })).toEqual(['Report Writing Guide']);
    expect(names({ query: 'clinical', programType: 'ems' })).toEqual(['Clinical Handbook']);
    expect(names({ type: 'Policy', programType: 'fire' })).toEqual([]);
  });
});

describe('formatFileSize', () => {
  it('uses Bytes, KB, MB or GB with factor 1024 and at most 2 decimals', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(512)).toBe('512 Bytes');
    expect(formatFileSize(1023)).toBe('1023 Bytes');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(1234567)).toBe('1.18 MB');
    expect(formatFileSize(25 * 1024 * 1024)).toBe('25 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3 GB');
    expect(formatFileSize(5 * 1024 ** 4)).toBe('5120 GB');
  });
});

describe('downloadName', () => {
  it("saves under the document name with the file's extension", () => {
    expect(downloadName({ name: 'Clinical Handbook', fileName: 'handbook-v3.pdf' })).toBe('Clinical Handbook.pdf');
    expect(downloadName({ name: 'Roster.xlsx', fileName: 'export.XLSX' })).toBe('Roster.xlsx');
    expect(downloadName({ name: 'Policy 2026/27', fileName: 'p.docx' })).toBe('Policy 2026_27.docx');
    expect(downloadName({ name: '  ', fileName: 'notes.txt' })).toBe('notes.txt');
  });
});

describe('canDeleteDocument', () => {
  it('lets director and administration delete any document, others only their own uploads', () => {
    expect(canDeleteDocument('director', 'me', { uploadedBy: 'someone' })).toBe(true);
    expect(canDeleteDocument('administration', 'me', { uploadedBy: 'someone' })).toBe(true);
    expect(canDeleteDocument('instructor', 'me', { uploadedBy: 'someone' })).toBe(false);
    expect(canDeleteDocument('instructor', 'me', { uploadedBy: 'me' })).toBe(true);
    expect(canDeleteDocument('clinical_coordinator', 'me', { uploadedBy: 'someone' })).toBe(false);
  });
});

describe('byNewest', () => {
  it('puts the newest document first', () => {
    const sorted = byNewest([
      { createdAt: '2026-01-02T00:00:00Z' },
      { createdAt: '2026-03-01T00:00:00Z' },
      { createdAt: '2025-12-31T00:00:00Z' },
    ]);
    expect(sorted.map((d) => d.createdAt.slice(0, 10))).toEqual(['2026-03-01', '2026-01-02', '2025-12-31']);
  });
});
