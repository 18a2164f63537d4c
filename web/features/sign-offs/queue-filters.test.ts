import { describe, expect, it } from 'vitest';

import { signOffRow } from '#web/lib/testing/test-rows.ts';

import {
  filterQueue,
  NO_FILTERS,
  openingFilters,
  preceptorKey,
  preceptorOptions,
  recordSites,
} from './queue-filters.ts';

const lee = { name: 'Lee Park', credential: 'EMT', number: 'E 1', agency: 'Metro Fire', contact: 'lee@x.org' };
const queue = [
  signOffRow('a', { capturedAt: '2026-11-10T18:00:00.000Z', records: [{ kind: 'attempt', id: 'r1' }] }),
  signOffRow('b', {
    capturedAt: '2026-11-20T18:00:00.000Z',
    records: [{ kind: 'hours', id: 'r2' }],
    preceptor: { ...lee, name: 'lee park ', number: 'E1' },
    linkExpiresAt: '2026-11-27T18:00:00.000Z',
  }),
  signOffRow('c', {
    capturedAt: '2026-11-15T18:00:00.000Z',
    records: [{ kind: 'contact', id: 'r3' }],
    preceptor: { ...lee, name: 'Sam Rivera', number: 'NRP 9', agency: 'County EMS' },
    status: 'confirmed',
  }),
];
const context = {
  studentName: () => 'Ana Diaz',
  siteOf: recordSites([[{ id: 'r1', clinicalSiteId: 'north' }], [{ id: 'r2', clinicalSiteId: 'south' }]]),
  now: '2026-12-01T00:00:00.000Z',
};
const ids = (over: Partial<typeof NO_FILTERS>) =>
  filterQueue(queue, { ...NO_FILTERS, ...over }, context).map((s) => s.id);

describe('the verification queue filters', () => {
  it('list newest capture first, and an awaiting sign-off past its link shows as expired', () => {
    expect(ids({})).toEqual(['b', 'c', 'a']);
    expect(ids({ status: 'expired' })).toEqual(['b']);
    expect(ids({ status: 'awaiting' })).toEqual(['a']);
  });

  it('by the site of any record signed, one preceptor however the name was typed, and capture dates', () => {
    expect(ids({ site: 'south' })).toEqual(['b']);
    expect(preceptorOptions(queue).map(([, label]) => label)).toEqual(['Lee Park (EMT E-1)', 'Sam Rivera (EMT NRP 9)']);
    expect(ids({ preceptor: preceptorKey(queue[1].preceptor) })).toEqual(['b', 'a']);
    expect(ids({ from: '2026-11-15', to: '2026-11-20' })).toEqual(['b', 'c']);
    expect(ids({ query: 'county' })).toEqual(['c']);
  });

  it('"Needs attention" lets through what a coordinator must act on, and the queue opens on it when there is any', () => {
    const disputed = signOffRow('d', { status: 'disputed', capturedAt: '2026-11-12T18:00:00.000Z' });
    const broken = signOffRow('e', { chainBroken: true, capturedAt: '2026-11-11T18:00:00.000Z' });
    const all = [...queue, disputed, broken];
    expect(filterQueue(all, { ...NO_FILTERS, status: 'attention' }, context).map((s) => s.id)).toEqual(['d', 'e']);
    expect(openingFilters(all, true).status).toBe('attention');
    expect(openingFilters(queue, true).status).toBe('awaiting');
    // a student or preceptor sees all of their own, whatever state
    expect(openingFilters(all, false).status).toBe('');
  });
});
