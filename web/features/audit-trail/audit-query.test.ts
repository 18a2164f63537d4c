import { describe, expect, it } from 'vitest';

import { auditQuery, EMPTY_FILTER, showValue } from './audit-query.ts';

describe('audit trail query', () => {
  it('sends only the filled filters, trimmed, plus the page cursor', () => {
    expect(auditQuery(EMPTY_FILTER)).toBe('');
    expect(
      auditQuery(
        { ...EMPTY_FILTER, table: 'students', recordId: ' abc ', from: '2026-11-01' },
        '2026-11-02T10:00:00.000Z~0~40',
      ),
    ).toBe('?table=students&recordId=abc&from=2026-11-01&before=2026-11-02T10%3A00%3A00.000Z%7E0%7E40');
  });

  it('shows empty and list values readably', () => {
    expect([showValue(null), showValue(''), showValue(['a', 'b']), showValue(3)]).toEqual([
      '(empty)',
      '(empty)',
      '["a","b"]',
      '3',
    ]);
  });
});
