import { beforeEach, describe, expect, it } from 'vitest';

import { asSystem } from '#api/seed/standards.ts';
import { type TestApp, testApp } from '#api/test/helpers.ts';
import type { Role } from '#schema/enums.ts';
import { MSG } from '#schema/messages.ts';
import * as t from '#schema/tables.ts';

let h: TestApp;
let emsId: string;

const partOneSite = (over: Record<string, unknown> = {}) => ({
  name: 'Mercy General',
  type: 'Hospital',
  address: '1 Main St',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  phone: '555-0101',
  email: 'Clinical@Mercy.example',
  contactPerson: 'Dana Reyes',
  contactTitle: 'Educator',
  maxStudents: 4,
  programTypes: ['ems'],
  specialties: ['Trauma'],
  notes: 'Park in lot B',
  requiresBackground: true,
  requiresInsurance: false,
  requiresOrientation: true,
  ...over,
});
const managementSite = (over: Record<string, unknown> = {}) => ({
  name: 'Station 7',
  type: 'Fire_Station',
  address: '7 Oak Ave',
  city: 'Austin',
  state: 'TX',
  zipCode: '78702',
  contactPerson: 'Lee Park',
  contactEmail: 'lee@station7.example',
  contactPhone: '555-0107',
  capacity: 3,
  specialties: ['Hazmat'],
  requirements: 'Boots',
  notes: null,
  ...over,
});
const simpleSite = (over: Record<string, unknown> = {}) => ({
  name: 'Metro PD',
  type: 'police_department',
  address: '9 Elm St',
  contactPerson: 'Sgt. Ruiz',
  capacity: 2,
  contactEmail: 'ruiz@metro.example',
  contactPhone: '555-0109',
  ...over,
});

const json = async (res: Response) => ({ status: res.status, body: await res.json() });
const create = async (body: Record<string, unknown>, role: Role = 'director') =>
  (await h.as(role, 'POST', '/api/clinical-sites', body)).json();
const sites = async (role: Role = 'director') => (await h.as(role, 'GET', '/api/clinical-sites')).json();

function addStudent(firstName: string, lastName: string, over: Partial<typeof t.students.$inferInsert> = {}) {
  return asSystem(h.db, 'fixture', (ctx) =>
    ctx.insert(t.students, {
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}@example.org`,
      phone: '555-0000',
      studentCode: `S-${firstName}-${lastName}`,
      programId: emsId,
      enrollmentDate: '2026-01-10',
      expectedGraduation: '2026-12-15',
      ...over,
    }),
  );
}

function addRequest(values: Partial<typeof t.requests.$inferInsert> & { kind: string; clinicalSiteId: string }) {
  return asSystem(h.db, 'fixture', (ctx) =>
    ctx.insert(t.requests, { userId: h.users.director.id, status: 'approved', ...values }),
  );
}

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const isoTime = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString();

beforeEach(() => {
  h = testApp();
  emsId = h.program({ name: 'EMT Fall', type: 'ems' }).id;
});

describe('POST /api/clinical-sites', () => {
  it('creates a site from the part-1 form and lists it with the part-2 names', async () => {
    const { status, body } = await json(await h.as('director', 'POST', '/api/clinical-sites', partOneSite()));
    expect(status).toBe(201);
    expect(body).toMatchObject({
      name: 'Mercy General',
      city: 'Austin',
      email: 'clinical@mercy.example',
      maxStudents: 4,
      programTypes: ['ems'],
      specialties: ['Trauma'],
      requiresInsurance: false,
      isActive: true,
      contactEmail: 'clinical@mercy.example',
      contactPhone: '555-0101',
      capacity: 4,
      currentStudents: 0,
      currentStudentNames: [],
    });
    expect(body).not.toHaveProperty('deletedAt');
    expect(await sites()).toEqual([body]);
  });

  it('maps the Data Management form onto the stored fields, deriving program types from the site type', async () => {
    const { status, body } = await json(
      await h.as('clinical_coordinator', 'POST', '/api/clinical-sites', managementSite()),
    );
    expect(status).toBe(201);
    expect(body).toMatchObject({
      type: 'Fire_Station',
      email: 'lee@station7.example',
      phone: '555-0107',
      maxStudents: 3,
      programTypes: ['fire'],
      city: 'Austin',
      specialties: ['Hazmat'],
      requirements: 'Boots',
      contactTitle: null,
      requiresBackground: true,
      requiresInsurance: true,
      requiresOrientation: true,
      isActive: true,
    });
  });

  it('maps the simple modal, whose type defaults to hospital (EMS)', async () => {
    const police = await create(simpleSite(), 'administration');
    expect(police).toMatchObject({
      type: 'police_department',
      programTypes: ['police'],
      maxStudents: 2,
      email: 'ruiz@metro.example',
      city: null,
    });
    const { type: _omitted, ...noType } = simpleSite({ name: 'Clinic One' });
    expect(await create(noType)).toMatchObject({ type: 'hospital', programTypes: ['ems'] });
  });

  it("answers each form's own messages and creates nothing", async () => {
    const partOne = await json(await h.as('director', 'POST', '/api/clinical-sites', { email: 'bad', maxStudents: 0 }));
    expect(partOne.status).toBe(400);
    expect(partOne.body.fields).toEqual({
      name: MSG.siteNameRequired,
      type: MSG.siteTypeRequired,
      address: MSG.addressRequired,
      city: MSG.cityRequired,
      state: MSG.stateRequired,
      zipCode: MSG.zipRequired,
      phone: MSG.phoneRequired,
      email: MSG.emailInvalid,
      contactPerson: MSG.contactPersonRequired,
      contactTitle: MSG.contactTitleRequired,
      maxStudents: MSG.maxStudentsMin,
      programTypes: MSG.programTypesRequired,
    });
    const management = await json(
      await h.as(
        'director',
        'POST',
        '/api/clinical-sites',
        managementSite({ city: '', capacity: 0, specialties: [], contactEmail: 'nope', type: 'Hospital ' }),
      ),
    );
    expect(management.body.fields).toEqual({
      city: MSG.cityRequired,
      capacity: MSG.capacityMin,
      specialties: MSG.specialtyRequired,
      contactEmail: MSG.emailInvalid,
      type: MSG.siteTypeRequired,
    });
    const simple = await json(await h.as('director', 'POST', '/api/clinical-sites', { contactEmail: '' }));
    expect(simple.body.fields).toEqual({
      name: MSG.siteNameRequired,
      address: MSG.addressRequired,
      contactPerson: MSG.contactPersonRequired,
      capacity: MSG.capacityMin,
      contactEmail: MSG.emailInvalid,
      contactPhone: MSG.phoneRequired,
    });
    expect(await sites()).toEqual([]);
  });

  it('is refused to roles that do not manage sites, and to the signed out', async () => {
    for (const role of ['student', 'instructor', 'preceptor'] as const) {
      expect((await h.as(role, 'POST', '/api/clinical-sites', partOneSite())).status).toBe(403);
    }
    expect((await h.as(null, 'POST', '/api/clinical-sites', partOneSite())).status).toBe(401);
    expect((await h.as(null, 'GET', '/api/clinical-sites')).status).toBe(401);
    expect(await sites()).toEqual([]);
  });
});

describe('PUT and DELETE /api/clinical-sites/:id', () => {
  it('updates only the fields sent', async () => {
    const site = await create(partOneSite());
    const { status, body } = await json(
      await h.as('clinical_coordinator', 'PUT', `/api/clinical-sites/${site.id}`, {
        phone: '555-0199',
        maxStudents: 6,
      }),
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      phone: '555-0199',
      contactPhone: '555-0199',
      capacity: 6,
      specialties: ['Trauma'],
      requiresInsurance: false,
      notes: 'Park in lot B',
    });
  });

  it('validates, refuses other roles, and answers 404 for an unknown site, changing nothing', async () => {
    const site = await create(partOneSite());
    const bad = await json(
      await h.as('director', 'PUT', `/api/clinical-sites/${site.id}`, { name: '', maxStudents: 0 }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ name: MSG.siteNameRequired, maxStudents: MSG.maxStudentsMin });
    for (const role of ['student', 'instructor', 'preceptor'] as const) {
      expect((await h.as(role, 'PUT', `/api/clinical-sites/${site.id}`, { name: 'Renamed' })).status).toBe(403);
    }
    expect((await h.as(null, 'PUT', `/api/clinical-sites/${site.id}`, { name: 'Renamed' })).status).toBe(401);
    expect((await h.as('director', 'PUT', '/api/clinical-sites/nope', { name: 'Renamed' })).status).toBe(404);
    expect(await sites()).toEqual([site]);
  });

  it('deletes a site with its e-mail addresses; only site managers may', async () => {
    const site = await create(partOneSite());
    await h.as('director', 'POST', `/api/clinical-sites/${site.id}/emails`, { emailAddress: 'a@mercy.example' });
    for (const role of ['student', 'instructor', 'preceptor'] as const) {
      expect((await h.as(role, 'DELETE', `/api/clinical-sites/${site.id}`)).status).toBe(403);
    }
    expect((await h.as(null, 'DELETE', `/api/clinical-sites/${site.id}`)).status).toBe(401);
    expect(await sites()).toHaveLength(1);
    const res = await json(await h.as('administration', 'DELETE', `/api/clinical-sites/${site.id}`));
    expect(res).toEqual({ status: 200, body: { id: site.id } });
    expect(await sites()).toEqual([]);
    expect(await (await h.as('director', 'GET', '/api/site-emails')).json()).toEqual([]);
    expect((await h.as('director', 'DELETE', `/api/clinical-sites/${site.id}`)).status).toBe(404);
    expect((await h.as('director', 'PUT', `/api/clinical-sites/${site.id}`, { name: 'Back' })).status).toBe(404);
  });
});

describe('current students of a site', () => {
  it('counts distinct live students with an approved, current clinical-time or preceptor placement', async () => {
    const site = await create(partOneSite());
    const other = await create(partOneSite({ name: 'Other' }));
    const [ana, ben, cai, dee, eve, fay, gus] = [
      'Ana Zed',
      'Ben Young',
      'Cai Xu',
      'Dee Wolf',
      'Eve Vance',
      'Fay Upton',
      'Gus Toth',
    ].map((n) => addStudent(n.split(' ')[0], n.split(' ')[1]));
    const gone = addStudent('Hal', 'Gone', { deletedAt: new Date().toISOString() });
    const placed = { clinicalSiteId: site.id };
    addRequest({ ...placed, kind: 'clinical-time', studentId: ana.id, endAt: isoTime(1) });
    addRequest({ ...placed, kind: 'clinical-time', studentId: ana.id, endAt: isoTime(2) });
    addRequest({ ...placed, kind: 'preceptor', studentId: ben.id, requestedDates: [isoDay(-3), isoDay(0)] });
    addRequest({ ...placed, kind: 'preceptor', studentId: cai.id, requestedDatesText: 'Weekends in May' });
    addRequest({ ...placed, kind: 'clinical-time', studentId: dee.id, endAt: isoTime(5) });
    addRequest({ ...placed, kind: 'clinical-time', studentId: eve.id, endAt: isoTime(5) });
    addRequest({ ...placed, kind: 'clinical-time', studentId: fay.id, endAt: isoTime(5) });
    // not counted: ended, past dates only, pending, denied, deleted request or student, another site
    addRequest({ ...placed, kind: 'clinical-time', studentId: gus.id, endAt: isoTime(-1) });
    addRequest({ ...placed, kind: 'preceptor', studentId: gus.id, requestedDates: [isoDay(-1)] });
    addRequest({ ...placed, kind: 'clinical-time', studentId: gus.id, endAt: isoTime(3), status: 'pending' });
    addRequest({ ...placed, kind: 'preceptor', studentId: gus.id, requestedDatesText: 'Any', status: 'denied' });
    addRequest({ ...placed, kind: 'clinical-time', studentId: gus.id, endAt: isoTime(3), deletedAt: isoTime(0) });
    addRequest({ ...placed, kind: 'clinical-time', studentId: gone.id, endAt: isoTime(3) });
    addRequest({ clinicalSiteId: other.id, kind: 'clinical-time', studentId: gus.id, endAt: isoTime(3) });

    const staffView = (await sites('instructor')).find((s: { id: string }) => s.id === site.id);
    expect(staffView.currentStudents).toBe(6);
    expect(staffView.currentStudentNames).toEqual(['Fay Upton', 'Eve Vance', 'Dee Wolf', 'Cai Xu', 'Ben Young']);
    const studentView = (await sites('student')).find((s: { id: string }) => s.id === site.id);
    expect(studentView.currentStudents).toBe(6);
    expect(studentView).not.toHaveProperty('currentStudentNames');
    expect((await sites()).find((s: { id: string }) => s.id === other.id)).toMatchObject({
      currentStudents: 1,
      currentStudentNames: ['Gus Toth'],
    });
  });
});

describe('site e-mail addresses', () => {
  it('adds an address to the site of the path, lists it, and removes it', async () => {
    const site = await create(partOneSite());
    const { status, body } = await json(
      await h.as('clinical_coordinator', 'POST', `/api/clinical-sites/${site.id}/emails`, {
        emailAddress: 'Nurse@Mercy.example',
        contactName: 'Pat',
      }),
    );
    expect(status).toBe(201);
    expect(body).toEqual({
      id: expect.any(String),
      clinicalSiteId: site.id,
      emailAddress: 'nurse@mercy.example',
      contactName: 'Pat',
      emailType: 'secondary',
      isActive: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const primary = await (
      await h.as('director', 'POST', `/api/clinical-sites/${site.id}/emails`, {
        emailAddress: 'head@mercy.example',
        emailType: 'primary',
        clinicalSiteId: site.id,
      })
    ).json();
    expect(primary.emailType).toBe('primary');
    const other = await create(partOneSite({ name: 'Other' }));
    await h.as('director', 'POST', `/api/clinical-sites/${other.id}/emails`, { emailAddress: 'x@other.example' });

    const ofSite = await (await h.as('preceptor', 'GET', `/api/clinical-sites/${site.id}/emails`)).json();
    expect(ofSite.map((e: { emailAddress: string }) => e.emailAddress)).toEqual([
      'nurse@mercy.example',
      'head@mercy.example',
    ]);
    expect(await (await h.as('instructor', 'GET', '/api/site-emails')).json()).toHaveLength(3);

    expect((await h.as('director', 'DELETE', `/api/clinical-sites/${other.id}/emails/${body.id}`)).status).toBe(404);
    expect(await json(await h.as('director', 'DELETE', `/api/clinical-sites/${site.id}/emails/${body.id}`))).toEqual({
      status: 200,
      body: { id: body.id },
    });
    expect(await (await h.as('director', 'GET', `/api/clinical-sites/${site.id}/emails`)).json()).toEqual([primary]);
    expect((await h.as('director', 'DELETE', `/api/clinical-sites/${site.id}/emails/${body.id}`)).status).toBe(404);
  });

  it('answers the spec messages for a missing address or site', async () => {
    const site = await create(partOneSite());
    const noAddress = await json(
      await h.as('director', 'POST', `/api/clinical-sites/${site.id}/emails`, { emailAddress: '' }),
    );
    expect(noAddress).toEqual({
      status: 400,
      body: { error: expect.any(String), fields: { emailAddress: MSG.fillRequiredFields } },
    });
    const badAddress = await json(
      await h.as('director', 'POST', `/api/clinical-sites/${site.id}/emails`, { emailAddress: 'nope' }),
    );
    expect(badAddress.body.fields).toEqual({ emailAddress: MSG.emailInvalid });
    const noSite = await json(
      await h.as('director', 'POST', '/api/clinical-sites/unknown/emails', { emailAddress: 'a@b.example' }),
    );
    expect(noSite).toEqual({
      status: 400,
      body: { error: expect.any(String), fields: { clinicalSiteId: MSG.selectClinicalSite } },
    });
    const blankSite = await json(
      await h.as('director', 'POST', `/api/clinical-sites/${site.id}/emails`, {
        emailAddress: 'a@b.example',
        clinicalSiteId: '',
      }),
    );
    expect(blankSite.body.fields).toEqual({ clinicalSiteId: MSG.selectClinicalSite });
    expect(await (await h.as('director', 'GET', '/api/site-emails')).json()).toEqual([]);
  });

  it('keeps addresses from students and writes to site managers', async () => {
    const site = await create(partOneSite());
    const mail = await (
      await h.as('director', 'POST', `/api/clinical-sites/${site.id}/emails`, { emailAddress: 'a@mercy.example' })
    ).json();
    expect((await h.as('student', 'GET', `/api/clinical-sites/${site.id}/emails`)).status).toBe(403);
    expect((await h.as('student', 'GET', '/api/site-emails')).status).toBe(403);
    expect((await h.as(null, 'GET', '/api/site-emails')).status).toBe(401);
    expect((await h.as('director', 'GET', '/api/clinical-sites/unknown/emails')).status).toBe(404);
    for (const role of ['student', 'instructor', 'preceptor'] as const) {
      expect(
        (await h.as(role, 'POST', `/api/clinical-sites/${site.id}/emails`, { emailAddress: 'b@mercy.example' })).status,
      ).toBe(403);
      expect((await h.as(role, 'DELETE', `/api/clinical-sites/${site.id}/emails/${mail.id}`)).status).toBe(403);
    }
    expect(
      (await h.as(null, 'POST', `/api/clinical-sites/${site.id}/emails`, { emailAddress: 'b@mercy.example' })).status,
    ).toBe(401);
    expect(await (await h.as('director', 'GET', '/api/site-emails')).json()).toEqual([mail]);
  });
});
