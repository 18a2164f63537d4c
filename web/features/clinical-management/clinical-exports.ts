/** The Reports tab's CSV files, built from the device's rows (they work offline). */
import { compareText, levelName } from '#schema/names.ts';
import { shiftEnd } from '#schema/shift.ts';
import type { DomainRows } from '#sync/client/db.ts';

import {
  currentStudentsAt,
  REQUEST_STATUS_LABELS,
  type Rotation,
  rotationHours,
  rotationKind,
  verifiedHoursAt,
} from './clinical-rules.ts';
import type { ClinicalLookups } from './lookups.ts';

type Request = DomainRows['requests'];

export function siteRows(
  sites: readonly DomainRows['clinicalSites'][],
  requests: readonly Request[],
  hours: readonly DomainRows['clinicalHours'][],
  lookups: ClinicalLookups,
  now: Date,
) {
  return [...sites]
    .sort((a, b) => compareText(a.name, b.name))
    .map((s) => ({
      Site: s.name,
      Type: s.type,
      Status: s.isActive ? 'Active' : 'Inactive',
      Capacity: s.maxStudents,
      'Current Students': currentStudentsAt(s.id, requests, lookups.students, now).length,
      'Verified Hours': verifiedHoursAt(hours, s.id),
      Contact: s.contactPerson ?? '',
      Phone: s.phone ?? '',
      Email: s.email ?? '',
    }));
}

export function hoursRows(hours: readonly DomainRows['clinicalHours'][], lookups: ClinicalLookups) {
  return [...hours]
    .sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id))
    .map((h) => ({
      Date: h.date,
      Student: lookups.studentName(h.studentId) ?? '',
      Site: h.clinicalSiteId ? lookups.siteName(h.clinicalSiteId) : '',
      Type: h.hourType === 'field' ? 'Field' : 'Clinical',
      Hours: h.hoursCompleted,
    }));
}

export function rotationRows(list: readonly Rotation[], lookups: ClinicalLookups) {
  return list.map((r) => ({
    Site: lookups.siteName(r.shift.clinicalSiteId),
    Student: lookups.studentName(r.booking.studentId) ?? '',
    Kind: rotationKind(r.shift),
    Status: r.phase === 'active' ? 'Active' : 'Upcoming',
    Start: `${r.shift.date} ${r.shift.startTime}`,
    End: shiftEnd(r.shift).replace('T', ' '),
    Hours: rotationHours(r),
  }));
}

export function timeRequestRows(requests: readonly Request[], lookups: ClinicalLookups) {
  return requests
    .filter((r) => r.kind === 'clinical-time')
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id))
    .map((r) => ({
      Submitted: r.createdAt,
      Site: lookups.siteName(r.clinicalSiteId),
      Student: lookups.studentName(r.studentId) ?? '',
      Start: r.startAt ?? '',
      End: r.endAt ?? '',
      'Requested Hours': r.requestedHours ?? '',
      Level: r.emsCertificationLevel ? levelName(r.emsCertificationLevel, { short: true }) : '',
      Status: REQUEST_STATUS_LABELS[r.status] ?? r.status,
    }));
}
