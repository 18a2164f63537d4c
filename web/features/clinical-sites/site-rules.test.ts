import { describe, expect, it } from 'vitest';

import { SITE_TYPES } from '#schema/enums.ts';
import { barPercent, capacityTone } from '#web/lib/format.ts';

import {
  currentStudentsBySite,
  filterSites,
  fullAddress,
  isCurrentPlacement,
  siteTypeLabel,
  siteTypeOptions,
} from './site-rules.ts';

const NOW = new Date('2026-03-10T15:00:00.000Z');
const day = (offset: number) => new Date(NOW.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
const time = (offsetHours: number) => new Date(NOW.getTime() + offsetHours * 3_600_000).toISOString();

type Placement = Parameters<typeof isCurrentPlacement>[0];
const placement = (over: Partial<Placement>): Placement => ({
  kind: 'preceptor',
  status: 'approved',
  clinicalSiteId: 'site-a',
  studentId: 'ana',
  endAt: null,
  requestedDates: null,
  requestedDatesText: null,
  ...over,
});

describe("current students of a site (the server's rule)", () => {
  it('counts an approved preceptor request with a date from today on, or with free-text dates', () => {
    expect(isCurrentPlacement(placement({ requestedDates: [day(-3), day(0)] }), NOW)).toBe(true);
    expect(isCurrentPlacement(placement({ requestedDates: [day(4)] }), NOW)).toBe(true);
    expect(isCurrentPlacement(placement({ requestedDatesText: 'Weekends in May' }), NOW)).toBe(true);
    expect(isCurrentPlacement(placement({ requestedDates: [day(-1)] }), NOW)).toBe(false);
    expect(isCurrentPlacement(placement({ requestedDatesText: '   ' }), NOW)).toBe(false);
  });

  it('counts an approved clinical-time request until it ends', () => {
    expect(isCurrentPlacement(placement({ kind: 'clinical-time', endAt: time(1) }), NOW)).toBe(true);
    expect(isCurrentPlacement(placement({ kind: 'clinical-time', endAt: NOW.toISOString() }), NOW)).toBe(true);
    expect(isCurrentPlacement(placement({ kind: 'clinical-time', endAt: time(-1) }), NOW)).toBe(false);
    expect(isCurrentPlacement(placement({ kind: 'clinical-time', endAt: null }), NOW)).toBe(false);
  });

  it('ignores pending and denied requests, other kinds, and requests without a site or student', () => {
    const upcoming = { requestedDates: [day(2)] };
    expect(isCurrentPlacement(placement({ ...upcoming, status: 'pending' }), NOW)).toBe(false);
    expect(isCurrentPlacement(placement({ ...upcoming, status: 'denied' }), NOW)).toBe(false);
    expect(isCurrentPlacement(placement({ ...upcoming, kind: 'program-join' }), NOW)).toBe(false);
    expect(isCurrentPlacement(placement({ ...upcoming, clinicalSiteId: null }), NOW)).toBe(false);
    expect(isCurrentPlacement(placement({ ...upcoming, studentId: null }), NOW)).toBe(false);
  });

  it('counts each live student once per site', () => {
    const requests = [
      placement({ studentId: 'ana', requestedDates: [day(1)] }),
      placement({ studentId: 'ana', kind: 'clinical-time', endAt: time(5) }),
      placement({ studentId: 'ben', requestedDatesText: 'Any weekday' }),
      placement({ studentId: 'gone', requestedDates: [day(1)] }),
      placement({ studentId: 'cai', requestedDates: [day(-2)] }),
      placement({ studentId: 'ana', clinicalSiteId: 'site-b', requestedDates: [day(3)] }),
    ];
    const counts = currentStudentsBySite(requests, new Set(['ana', 'ben', 'cai']), NOW);
    expect(counts).toEqual(
      new Map([
        ['site-a', 2],
        ['site-b', 1],
      ]),
    );
  });
});

describe('capacity colours and bar', () => {
  it('is green below 70%, yellow below 90%, otherwise red', () => {
    expect(capacityTone(0, 10)).toBe('green');
    expect(capacityTone(6, 10)).toBe('green');
    expect(capacityTone(7, 10)).toBe('yellow');
    expect(capacityTone(8, 10)).toBe('yellow');
    expect(capacityTone(9, 10)).toBe('red');
    expect(capacityTone(12, 10)).toBe('red');
  });

  it('caps the bar at 100%', () => {
    expect(barPercent(3, 4)).toBe(75);
    expect(barPercent(12, 10)).toBe(100);
    expect(barPercent(0, 5)).toBe(0);
  });
});

describe('site types', () => {
  it("reads the part-2 forms' types as words", () => {
    expect(siteTypeLabel('fire_station')).toBe('Fire Station');
    expect(siteTypeLabel('Fire_Station')).toBe('Fire Station');
    expect(siteTypeLabel('Hospital')).toBe('Hospital');
    expect(siteTypeLabel('Emergency Department')).toBe('Emergency Department');
  });

  it('offers the part-1 types and any other type in use, once each', () => {
    const options = siteTypeOptions([{ type: 'hospital' }, { type: 'Training_Center' }, { type: 'Clinic' }]);
    expect(options).toEqual([...SITE_TYPES, 'Training Center']);
  });
});

describe('filterSites', () => {
  const sites = [
    {
      name: 'St. Mary Regional',
      city: 'Springfield',
      contactPerson: 'Dr. Lee Harper',
      type: 'Hospital',
      programTypes: ['ems'],
    },
    {
      name: 'Station 1',
      city: 'Shelbyville',
      contactPerson: 'Chief Tom Avery',
      type: 'Fire Department',
      programTypes: ['fire', 'ems'],
    },
    { name: 'Metro PD', city: null, contactPerson: null, type: 'police_department', programTypes: ['police'] },
  ];
  const all = { query: '', type: 'all', program: 'all' };
  const names = (f: Partial<typeof all>) => filterSites(sites, { ...all, ...f }).map((s) => s.name);

  it('searches name, city and contact person, ignoring case', () => {
    expect(names({ query: 'station' })).toEqual(['Station 1']);
    expect(names({ query: 'SPRINGFIELD' })).toEqual(['St. Mary Regional']);
    expect(names({ query: 'avery' })).toEqual(['Station 1']);
    expect(names({ query: '  ' })).toHaveLength(3);
    expect(names({ query: 'nowhere' })).toEqual([]);
  });

  it('filters by type label and by program', () => {
    expect(names({ type: 'Police Department' })).toEqual(['Metro PD']);
    expect(names({ program: 'ems' })).toEqual(['St. Mary Regional', 'Station 1']);
    expect(names({ program: 'ems', type: 'Hospital', query: 'lee' })).toEqual(['St. Mary Regional']);
  });
});

describe('fullAddress', () => {
  it('joins street, city, state and ZIP, leaving out what is missing', () => {
    expect(fullAddress({ address: '100 Main Street', city: 'Springfield', state: 'IL', zipCode: '62701' })).toBe(
      '100 Main Street, Springfield, IL 62701',
    );
    expect(fullAddress({ address: '9 Elm St', city: null, state: null, zipCode: null })).toBe('9 Elm St');
  });
});
