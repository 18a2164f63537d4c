import { beforeEach, describe, expect, it } from 'vitest';

import { type TestApp, testApp } from '#api/test/helpers.ts';
import { MSG } from '#schema/messages.ts';

let h: TestApp;

beforeEach(() => {
  h = testApp({ standards: true });
});

const requirements = async () => (await h.as('director', 'GET', '/api/accreditation/requirements')).json();
const ram = async (query = '?year=2025') => (await h.as('director', 'GET', `/api/ram/assessments${query}`)).json();

describe('GET /api/accreditation/requirements', () => {
  it('lists the seeded requirements for staff, in catalogue order', async () => {
    const res = await h.as('instructor', 'GET', '/api/accreditation/requirements');
    expect(res.status).toBe(200);
    const list = await res.json();
    expect(list).toHaveLength(23);
    expect(list[0]).toMatchObject({
      title: 'CoAEMSP Annual Report',
      programId: null,
      programName: 'All EMS programs',
      requirementType: 'annual_report',
      frequency: 'annual',
      roleRequired: 'director',
      documents: [],
      completionStatus: 'pending',
      dueDate: null,
      completedAt: null,
      confidence: 'verbatim',
    });
    expect(list[0]).not.toHaveProperty('deletedAt');
  });

  it('is 403 for students and 401 signed out', async () => {
    expect((await h.as('student', 'GET', '/api/accreditation/requirements')).status).toBe(403);
    expect((await h.as(null, 'GET', '/api/accreditation/requirements')).status).toBe(401);
  });
});

describe('PATCH /api/accreditation/requirements/:id', () => {
  it('starts, completes and reopens a requirement', async () => {
    const [first] = await requirements();
    const started = await (
      await h.as('director', 'PATCH', `/api/accreditation/requirements/${first.id}`, {
        completionStatus: 'in_progress',
      })
    ).json();
    expect(started).toMatchObject({ completionStatus: 'in_progress', completedAt: null });
    const before = Date.now();
    const done = await (
      await h.as('administration', 'PATCH', `/api/accreditation/requirements/${first.id}`, {
        completionStatus: 'completed',
        dueDate: '2026-05-15',
      })
    ).json();
    expect(done).toMatchObject({
      completionStatus: 'completed',
      dueDate: '2026-05-15',
      programName: 'All EMS programs',
    });
    expect(Date.parse(done.completedAt)).toBeGreaterThanOrEqual(before - 1000);
    const reopened = await (
      await h.as('director', 'PATCH', `/api/accreditation/requirements/${first.id}`, { completionStatus: 'overdue' })
    ).json();
    expect(reopened).toMatchObject({ completionStatus: 'overdue', completedAt: null, dueDate: '2026-05-15' });
  });

  it('validates the status and changes nothing', async () => {
    const [first] = await requirements();
    const res = await h.as('director', 'PATCH', `/api/accreditation/requirements/${first.id}`, {
      completionStatus: 'done',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({ completionStatus: MSG.statusInvalid });
    const date = await h.as('director', 'PATCH', `/api/accreditation/requirements/${first.id}`, {
      completionStatus: 'completed',
      dueDate: '2026-02-30',
    });
    expect((await date.json()).fields).toEqual({ dueDate: MSG.dateInvalid });
    expect((await requirements())[0].completionStatus).toBe('pending');
  });

  it('is refused to other roles (403), 404 for an unknown id, 401 signed out', async () => {
    const [first] = await requirements();
    for (const role of ['instructor', 'preceptor', 'clinical_coordinator', 'student'] as const) {
      expect(
        (await h.as(role, 'PATCH', `/api/accreditation/requirements/${first.id}`, { completionStatus: 'completed' }))
          .status,
      ).toBe(403);
    }
    expect(
      (await h.as(null, 'PATCH', `/api/accreditation/requirements/${first.id}`, { completionStatus: 'completed' }))
        .status,
    ).toBe(401);
    expect(
      (await h.as('director', 'PATCH', '/api/accreditation/requirements/nope', { completionStatus: 'completed' }))
        .status,
    ).toBe(404);
    expect((await requirements())[0]).toMatchObject({ completionStatus: 'pending', completedAt: null });
  });
});

describe('GET /api/ram/assessments', () => {
  it('lists the ten component areas of the year asked, the current year by default', async () => {
    const list = await ram();
    expect(list).toHaveLength(10);
    expect(list.every((a: { year: number; status: string }) => a.year === 2025 && a.status === 'pending')).toBe(true);
    expect(list[0]).toMatchObject({ compliancePercentage: null, improvementPlan: null, assessmentDate: null });
    expect(list[0].componentArea).toEqual(expect.any(String));
    const current = await ram('');
    expect(current).toHaveLength(10);
    expect(current[0].year).toBe(new Date().getFullYear());
    expect(await ram('?year=1999')).toEqual([]);
  });

  it('is 400 for a year that is not a whole number, 403 for students, 401 signed out', async () => {
    for (const year of ['abc', '2025.5']) {
      const res = await h.as('director', 'GET', `/api/ram/assessments?year=${year}`);
      expect(res.status).toBe(400);
      expect((await res.json()).fields.year).toEqual(expect.any(String));
    }
    expect((await h.as('student', 'GET', '/api/ram/assessments?year=2025')).status).toBe(403);
    expect((await h.as(null, 'GET', '/api/ram/assessments?year=2025')).status).toBe(401);
  });
});

describe('PATCH /api/ram/assessments/:id', () => {
  it('saves an assessment as completed, dated now by the server whatever date is sent, keeping the plan unless one is sent', async () => {
    const [first] = await ram();
    const before = Date.now();
    const saved = await (
      await h.as('director', 'PATCH', `/api/ram/assessments/${first.id}`, {
        compliancePercentage: 85,
        improvementPlan: '  Add two preceptors  ',
      })
    ).json();
    expect(saved).toMatchObject({
      status: 'completed',
      compliancePercentage: 85,
      improvementPlan: 'Add two preceptors',
    });
    expect(Date.parse(saved.assessmentDate)).toBeGreaterThanOrEqual(before - 1000);
    const again = await (
      await h.as('administration', 'PATCH', `/api/ram/assessments/${first.id}`, {
        status: 'completed',
        assessmentDate: '2025-06-01T12:00:00.000Z',
        compliancePercentage: 90,
        improvementPlan: '   ',
      })
    ).json();
    expect(again).toMatchObject({ compliancePercentage: 90, improvementPlan: 'Add two preceptors' });
    expect(Date.parse(again.assessmentDate)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('validates and changes nothing', async () => {
    const [first] = await ram();
    const res = await h.as('director', 'PATCH', `/api/ram/assessments/${first.id}`, {
      compliancePercentage: 42,
      status: 'perfect',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({
      compliancePercentage: MSG.compliancePercentInvalid,
      status: MSG.statusInvalid,
    });
    expect((await ram())[0]).toMatchObject({ status: 'pending', compliancePercentage: null, assessmentDate: null });
  });

  it('is refused to other roles (403), 404 for an unknown id, 401 signed out', async () => {
    const [first] = await ram();
    for (const role of ['instructor', 'preceptor', 'clinical_coordinator', 'student'] as const) {
      expect(
        (await h.as(role, 'PATCH', `/api/ram/assessments/${first.id}`, { compliancePercentage: 100 })).status,
      ).toBe(403);
    }
    expect((await h.as(null, 'PATCH', `/api/ram/assessments/${first.id}`, { compliancePercentage: 100 })).status).toBe(
      401,
    );
    expect((await h.as('director', 'PATCH', '/api/ram/assessments/nope', { compliancePercentage: 100 })).status).toBe(
      404,
    );
    expect((await ram())[0]).toMatchObject({ status: 'pending', compliancePercentage: null });
  });
});
