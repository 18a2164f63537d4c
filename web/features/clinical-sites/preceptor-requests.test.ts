import { describe, expect, it } from 'vitest';

import type { DomainRows } from '#sync/client/db.ts';

import {
  dateLabel,
  RECENT_REVIEWS,
  type SitePreceptorRequest,
  splitForReview,
  toSitePreceptorRequests,
} from './preceptor-requests.ts';

type RequestRow = DomainRows['requests'];
const row = (over: Partial<RequestRow>) =>
  ({
    id: 'r1',
    kind: 'preceptor',
    userId: 'u1',
    status: 'pending',
    justification: 'Need more IV starts',
    reviewNotes: null,
    reviewedBy: null,
    reviewedAt: null,
    approvalLevel: null,
    programId: null,
    currentRole: null,
    requestedRole: null,
    studentId: 's1',
    clinicalSiteId: 'site1',
    requestedPreceptorId: null,
    emsCertificationLevel: null,
    requestedDates: null,
    requestedDatesText: null,
    skillsToFocus: null,
    skillsToFocusText: null,
    startAt: null,
    endAt: null,
    requestedHours: null,
    specialRequirements: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    version: 1,
    ...over,
  }) as RequestRow;

describe('toSitePreceptorRequests', () => {
  const students = [{ id: 's1', firstName: 'Ana', lastName: 'Zed' }];
  const sites = [{ id: 'site1', name: 'St. Mary' }];

  it('reads both request shapes and names the student and site', () => {
    const [listed, freeText] = toSitePreceptorRequests(
      [
        row({ requestedDates: ['2026-04-02', '2026-04-09'], skillsToFocus: ['IV Therapy'] }),
        row({ id: 'r2', requestedDatesText: 'Weekday evenings', skillsToFocusText: 'IV Therapy, Airway Management' }),
      ],
      students,
      sites,
    );
    expect(listed).toMatchObject({
      id: 'r1',
      studentName: 'Ana Zed',
      siteName: 'St. Mary',
      requestedDates: ['2026-04-02', '2026-04-09'],
      skillsToFocus: ['IV Therapy'],
    });
    expect(freeText).toMatchObject({
      requestedDates: ['Weekday evenings'],
      skillsToFocus: ['IV Therapy', 'Airway Management'],
    });
  });

  it('leaves out other request kinds and says when a name is not on the device', () => {
    const list = toSitePreceptorRequests(
      [row({ kind: 'clinical-time' }), row({ id: 'r3', studentId: 'other', clinicalSiteId: null })],
      students,
      sites,
    );
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ studentName: 'Unknown student', siteName: 'Unknown site' });
  });
});

describe('splitForReview', () => {
  const req = (id: string, status: string, createdAt: string, reviewedAt: string | null = null) =>
    ({ id, status, createdAt, reviewedAt }) as SitePreceptorRequest;

  it('lists pending requests oldest first and the 5 most recently reviewed others', () => {
    const reviewed = Array.from({ length: 7 }, (_, i) =>
      req(`d${i}`, i % 2 ? 'denied' : 'approved', '2026-01-01T00:00:00Z', `2026-02-0${i + 1}T00:00:00Z`),
    );
    const { pending, recent } = splitForReview([
      req('p2', 'pending', '2026-03-02T00:00:00Z'),
      ...reviewed,
      req('p1', 'pending', '2026-03-01T00:00:00Z'),
    ]);
    expect(pending.map((r) => r.id)).toEqual(['p1', 'p2']);
    expect(RECENT_REVIEWS).toBe(5);
    expect(recent.map((r) => r.id)).toEqual(['d6', 'd5', 'd4', 'd3', 'd2']);
  });
});

describe('dateLabel', () => {
  it('formats calendar dates and keeps free text', () => {
    expect(dateLabel('2026-04-02')).toBe('Apr 2, 2026');
    expect(dateLabel('Weekday evenings')).toBe('Weekday evenings');
  });
});
