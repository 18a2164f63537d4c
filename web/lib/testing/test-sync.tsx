/** Tests of the management screens: a device database holding given rows, with a sync engine that has no signal. */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';

import { type DomainRows, type DomainTable, TrainingDb } from '#sync/client/db.ts';
import { SyncEngine } from '#sync/client/engine.ts';
import { rebuildFigures } from '#sync/client/student-figures.ts';

import { SyncValueProvider } from '../sync.tsx';

/** The device's mutation registry, for tests that go through every write a screen can queue. */
export { MUTATORS } from '#sync/client/mutators.ts';
export { TrainingDb };

const stamp = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', version: 1 };

export function userRow(id: string, over: Partial<DomainRows['users']> = {}): DomainRows['users'] {
  return {
    ...stamp,
    id,
    firstName: `First${id}`,
    lastName: `Last${id}`,
    role: 'instructor',
    email: `${id}@example.test`,
    phone: null,
    department: null,
    certifications: [],
    specialties: [],
    isActive: true,
    profileImageUrl: null,
    ...over,
  };
}

export function memberRow(
  programId: string,
  userId: string,
  assignedRole = 'instructor',
): DomainRows['programMembers'] {
  return { ...stamp, id: `${programId}/${userId}`, programId, userId, assignedRole };
}

export function siteRow(id: string, over: Partial<DomainRows['clinicalSites']> = {}): DomainRows['clinicalSites'] {
  return {
    ...stamp,
    id,
    name: `Site ${id}`,
    type: 'Hospital',
    address: '1 Main St',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    phone: '555-0101',
    email: `${id}@site.example`,
    contactPerson: 'Dana Reyes',
    contactTitle: null,
    maxStudents: 4,
    programTypes: ['ems'],
    specialties: [],
    notes: null,
    requirements: null,
    requiresBackground: true,
    requiresInsurance: true,
    requiresOrientation: true,
    isActive: true,
    latitude: null,
    longitude: null,
    radiusMeters: null,
    ...over,
  };
}

export function documentRow(id: string): DomainRows['documents'] {
  return {
    ...stamp,
    id,
    name: `Document ${id}`,
    description: null,
    type: 'Policy',
    programType: 'ems',
    programId: null,
    isPublic: true,
    fileName: `${id}.pdf`,
    mimeType: 'application/pdf',
    fileSize: 1024,
    uploadedBy: 'director-1',
  };
}

export function requirementRow(id: string): DomainRows['accreditationRequirements'] {
  return {
    ...stamp,
    id,
    programId: null,
    title: `Requirement ${id}`,
    description: null,
    frequency: null,
    roleRequired: null,
    standardReference: null,
    requirementType: 'self_reporting',
    documents: [],
    completionStatus: 'pending',
    dueDate: null,
    completedAt: null,
    confidence: 'uncertain',
    source: null,
  };
}

export type SeedRows = Partial<{ [N in DomainTable]: DomainRows[N][] }>;

/** Renders `ui` over a fresh device database holding `rows`; close the returned db after the test. */
export async function renderWithRows(ui: ReactElement, rows: SeedRows, meta: Record<string, unknown> = {}) {
  const db = new TrainingDb(`management-test-${crypto.randomUUID()}`);
  for (const [table, list] of Object.entries(rows)) await db.domain(table as DomainTable).bulkPut(list as never[]);
  for (const [key, value] of Object.entries(meta)) await db.setMeta(key, value);
  // rows written directly, as a first sync stores them; the figures are built as its last page builds them
  await db.transaction('rw', db.tables, () => rebuildFigures(db));
  const engine = new SyncEngine({
    db,
    userId: 'user-1',
    autoRetry: false,
    fetch: () => Promise.reject(new TypeError('offline')),
  });
  const view = render(<SyncValueProvider value={{ db, engine }}>{ui}</SyncValueProvider>);
  return { db, view, engine };
}
