/**
 * Issue 28's proof that the SMC has one definition: for the same student, the server's answer, the cohort report's,
 * the device's reader (home and tracker), the contact panel on screen and every SMC export give the same numbers,
 * and a fixture worked out by hand gives the expected counts, %, met / not met, per setting and verified / awaiting.
 */
import '@testing-library/jest-dom/vitest';

import { render, renderHook, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';

import { asSystem } from '#api/seed/standards.ts';
import { testApp } from '#api/test/helpers.ts';
import { contactFigures } from '#schema/contact-figures.ts';
import type { Role } from '#schema/enums.ts';
import { type SmcFigures, smcItems } from '#schema/smc.ts';
import { noHours } from '#schema/student-summary.ts';
import * as t from '#schema/tables.ts';
import { openClient, sessionFetch, uniqueDbName } from '#sync/test-harness.ts';
import { useStudentSmc } from '#web/lib/data.ts';
import { SyncValueProvider } from '#web/lib/sync.tsx';
import type { TrainingDb } from '#web/lib/sync-client.ts';
import { addDocument } from '#web/lib/testing/node-document.ts';

import { SmcPanel } from '../patient-contacts/index.ts';
import { individualStudentReport, type ReportStudent, smcTable2Report, smcTable3Report } from './reports.ts';

vi.mock('#web/lib/session.tsx', async (original) => ({
  ...(await original<typeof import('#web/lib/session.tsx')>()),
  useSession: () => ({ status: 'signed-in', user: { id: 'director-user', role: 'director' }, fromCache: false }),
}));

const opened: TrainingDb[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

/**
 * A paramedic student with, worked by hand: Trauma 2 verified (field, clinical) + 1 awaiting (field) of 27, so not
 * met; Adult 3 verified of 60; team leads 1 of 20; IV access 1 successful of 2 verified attempts (50 %, lab) + 1
 * awaiting clinical success, of 25.
 */
async function world(level = 'paramedic') {
  // the catalogue's IV access (Table 3) and its old Trauma item (T2-1), as the standards seed them
  const h = testApp();
  const program = h.program({ name: 'Medic', type: 'ems', certificationLevel: 'paramedic' }, [
    { userId: h.users.instructor.id, assignedRole: 'instructor' },
  ]);
  const studentId = asSystem(h.db, 'fixture', (ctx) =>
    ctx.insert(t.students, {
      userId: h.users.student.id,
      firstName: 'Ana',
      lastName: 'Lopez',
      email: 'ana@example.org',
      phone: '555-0100',
      studentCode: 'S-1',
      emsCertificationLevel: level,
      programId: program.id,
      enrollmentDate: '2026-01-10',
      expectedGraduation: '2026-12-15',
    }),
  ).id;
  const skill = (code: string, name: string, over: Partial<typeof t.skills.$inferInsert>) =>
    asSystem(h.db, 'fixture', (ctx) =>
      ctx.insert(t.skills, {
        code,
        name,
        category: 'Paramedic',
        programType: 'ems',
        certificationLevel: 'paramedic',
        confidence: 'paraphrased',
        source: 'CoAEMSP 2023 SMC Table 3 via pmi-scheduler',
        ...over,
      }),
    );
  const iv = skill('ems-pm-t3-iv-access', 'Establish IV access', {
    smcMatrixNumber: 'T3-1',
    smcMotorSkillName: 'Establish IV access',
    minimumAttempts: 25,
  });
  skill('ems-pm-t2-trauma', 'Trauma', { smcMatrixNumber: 'T2-1', smcPathologyCategory: 'Trauma', minimumAttempts: 18 });
  // the AEMT Table 3's IV access, and an NREMT skill sheet of the EMT level (no SMC number, a placeholder minimum of 1)
  const aemtIv = skill('ems-aemt-t3-iv-access', 'Establish IV access', {
    certificationLevel: 'aemt',
    smcMatrixNumber: 'T3-2',
    smcMotorSkillName: 'Establish IV access',
    minimumAttempts: 20,
    source: 'NASEMSO AEMT SMC Model Guideline 2023 Table 3 via pmi-scheduler',
  });
  const e201 = skill('ems-emt-e201-trauma-assessment', 'Trauma assessment', {
    certificationLevel: 'emt',
    standardReference: 'NREMT E201',
    confidence: 'uncertain',
    source: 'NREMT EMT skill sheet E201 via pmi-scheduler',
  });
  const post = async (role: Role, path: string, body: object) =>
    expect((await h.as(role, 'POST', path, { studentId, ...body })).status).toBe(201);
  const contact = (setting: string, primaryImpression: string, teamLead = false) => ({
    date: '2026-11-20',
    setting,
    ageYears: 40,
    gender: 'male',
    chiefComplaints: ['Injury'],
    primaryImpression,
    teamLead,
    careLevel: 'als',
    disposition: 'transported',
  });
  await post('instructor', '/api/patient-contacts', contact('field', 'Trauma-Head', true));
  await post('instructor', '/api/patient-contacts', contact('clinical', 'Trauma-Chest'));
  await post('instructor', '/api/patient-contacts', contact('simulation', 'ACS'));
  await post('student', '/api/patient-contacts', contact('field', 'Trauma-Extremity'));
  const levelSkill = { emt: e201, aemt: aemtIv }[level] ?? iv;
  const attempt = { skillId: levelSkill.id, attemptedAt: '2026-11-20T10:00:00.000Z' };
  await post('instructor', '/api/skill-attempts', { ...attempt, setting: 'lab', outcome: 'successful' });
  await post('instructor', '/api/skill-attempts', { ...attempt, setting: 'lab', outcome: 'unsuccessful' });
  await post('student', '/api/skill-attempts', { ...attempt, setting: 'clinical', outcome: 'successful' });

  const session = sessionFetch(h, 'director');
  await session.relogin();
  const device = openClient(h, 'director', uniqueDbName('smc'), session.fetch);
  opened.push(device.db);
  await device.engine.sync();
  // a desk device holds a student's evidence once its user opens them, as the tracker and skill entry do
  await device.engine.openStudent(studentId);
  return { h, studentId, iv, e201, aemtIv, device };
}

/** What a row of an export says about an item, in the model's words. */
const fromRow = (r: Record<string, string | number>) => ({
  count: r.Count,
  minimum: r.Minimum,
  attempted: r.Attempted,
  successful: r.Successful,
  percentSuccessful: r['% Successful'] === '' ? null : r['% Successful'],
  met: r.Met === 'Yes',
  awaiting: r['Awaiting Verification'],
  field: [r['Field Verified'], r['Field Awaiting']],
});
const fromItem = (i: SmcFigures['motor'][number]) => ({
  count: i.count,
  minimum: i.minimum,
  attempted: i.attempted,
  successful: i.successful,
  percentSuccessful: i.percentSuccessful,
  met: i.met,
  awaiting: i.awaiting.successful,
  field: [i.bySetting.field.verified.successful, i.bySetting.field.awaiting.successful],
});

describe('one SMC for the same student everywhere', () => {
  it('server, cohort report, device, contact panel and every export agree, and match the hand count', async () => {
    const { h, studentId, iv, device } = await world();
    const server = (await (await h.as('director', 'GET', `/api/students/${studentId}/smc`)).json()) as SmcFigures;
    const cohort = (await (await h.as('director', 'GET', '/api/reports/smc')).json()) as { smc: SmcFigures }[];

    // the hand count
    const trauma = server.pathology.find((i) => i.label === 'Trauma')!;
    expect(fromItem(trauma)).toEqual({
      count: 2,
      minimum: 27,
      attempted: 2,
      successful: 2,
      percentSuccessful: 100,
      met: false,
      awaiting: 1,
      field: [1, 1],
    });
    expect(trauma.bySetting.clinical.verified.successful).toBe(1);
    expect(server.pathology.find((i) => i.label === 'Cardiac')!.bySetting.simulation.verified.successful).toBe(1);
    expect(server.age.find((i) => i.label === 'Adult')).toMatchObject({ count: 3, minimum: 60, met: false });
    expect(server.teamLeads).toMatchObject([{ count: 1, minimum: 20 }]);
    const ivItem = server.motor.find((i) => i.skillId === iv.id)!;
    expect(fromItem(ivItem)).toMatchObject({ count: 1, attempted: 2, percentSuccessful: 50, minimum: 25, met: false });
    expect(ivItem.bySetting.lab.verified).toEqual({ attempted: 2, successful: 1 });
    expect(ivItem.bySetting.clinical.awaiting).toEqual({ attempted: 1, successful: 1 });

    onTestFinished(addDocument());
    // the server's cohort report and the device's reader (home, tracker, reports) give the same figures
    expect(cohort).toHaveLength(1);
    expect(cohort[0].smc).toEqual(server);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <SyncValueProvider value={device}>{children}</SyncValueProvider>
    );
    const { result } = renderHook(() => useStudentSmc(studentId), { wrapper });
    await waitFor(() => expect(result.current).toBeTruthy());
    const onDevice = result.current!;
    expect(JSON.parse(JSON.stringify(onDevice))).toEqual(server);

    // home (My Progress) reads contactFigures over the device's contacts
    const contacts = await device.db.rows('patientContacts').where('studentId').equals(studentId).toArray();
    const home = contactFigures(contacts, null);
    expect(home.byPathology.find((c) => c.label === 'Trauma')).toEqual({ label: 'Trauma', count: 2, minimum: 27 });
    expect(home.awaiting).toBe(server.contacts.awaiting);

    // the exports
    const student = (await device.db.rows('students').get(studentId))!;
    const program = (await device.db.rows('programs').get(student.programId))!;
    const skills = await device.db.rows('skills').where('programType').equals('ems').toArray();
    const reportStudent: ReportStudent = {
      student,
      summary: {
        program,
        level: 'paramedic',
        skillIds: skills.filter((k) => k.certificationLevel === 'paramedic').map((k) => k.id),
        progressPercentage: 0,
        skillsCompleted: 0,
        totalSkills: 0,
        clinicalHours: 0,
        fieldHours: 0,
        totalHours: 0,
        requiredHours: 0,
      },
      progress: new Map(),
    };
    const smcOf = new Map([[studentId, onDevice]]);
    const individual = individualStudentReport(reportStudent, skills, onDevice, '2026-11-21').rows;
    const table2 = smcTable2Report([reportStudent], smcOf, '2026-11-21').rows;
    const table3 = smcTable3Report([reportStudent], smcOf, '2026-11-21').rows;
    expect(individual.some((r) => r['SMC Matrix Number'] === 'T2-1')).toBe(false);
    for (const item of smcItems(server)) {
      const inIndividual = individual.find(
        (r) => r.Item === item.label && r['SMC Matrix Number'] === (item.reference ?? ''),
      );
      expect(fromRow(inIndividual!)).toEqual(fromItem(item));
    }
    for (const item of server.pathology)
      expect(fromRow(table2.find((r) => r.Item === item.label)!)).toEqual(fromItem(item));
    for (const item of server.motor) {
      expect(fromRow(table3.find((r) => r['SMC Matrix Number'] === item.reference && r.Item === item.label)!)).toEqual(
        fromItem(item),
      );
    }

    // the contact panel on screen (the home's and the tracker's)
    const { findByRole, getByRole, getByText } = render(
      <SyncValueProvider value={device}>
        <SmcPanel studentId={studentId} hours={noHours()} requiredHours={null} />
      </SyncValueProvider>,
    );
    const byPathology = await findByRole('group', { name: 'By pathology' });
    expect(within(byPathology).getByText('Trauma').nextSibling).toHaveTextContent(`2 of 27`);
    expect(within(byPathology).getByText('Clinical 1 · Field 1 · 1 awaiting')).toBeVisible();
    const byAge = getByRole('group', { name: 'By age' });
    expect(within(byAge).getByText('Adult').nextSibling).toHaveTextContent('3 of 60');
    expect(getByText(/^Minimums: Program-set default/)).toBeVisible();
  });

  /** Worked by hand per level: the level's one skill, 1 of 2 verified attempts successful (50 %) + 1 awaiting. */
  const BY_LEVEL = [
    {
      level: 'emt',
      skill: 'e201',
      reference: 'NREMT E201',
      minimum: 1,
      met: true,
      skillSource: 'Program-set default (no public EMT skill minimum; placeholder of the skills catalogue)',
      contactSource: /^Minimums: Program-set default \(no national EMT contact minimum/,
    },
    {
      level: 'aemt',
      skill: 'aemtIv',
      reference: 'T3-2',
      minimum: 20,
      met: false,
      skillSource: 'NASEMSO AEMT SMC Model Guideline 2023 Table 3 via pmi-scheduler',
      contactSource: /^Minimums: Program-set default \(no public AEMT contact minimum/,
    },
  ] as const;

  it.each(BY_LEVEL)(
    "an $level student's panel and Table 3 export: the level's skills and sources, no paramedic minimums",
    async (x) => {
      const w = await world(x.level);
      const { h, studentId, device } = w;
      const server = (await (await h.as('director', 'GET', `/api/students/${studentId}/smc`)).json()) as SmcFigures;
      // Trauma 2 verified + 1 awaiting, with no contact minimum below paramedic; no team leads
      expect(server.level).toBe(x.level);
      expect(server.teamLeads).toEqual([]);
      expect(server.pathology.find((i) => i.label === 'Trauma')).toMatchObject({ count: 2, minimum: 0, met: true });
      expect(server.motor.map(fromItem)).toEqual([
        {
          count: 1,
          minimum: x.minimum,
          attempted: 2,
          successful: 1,
          percentSuccessful: 50,
          met: x.met,
          awaiting: 1,
          field: [0, 0],
        },
      ]);
      expect(server.motor[0]).toMatchObject({ skillId: w[x.skill].id, reference: x.reference });

      onTestFinished(addDocument());
      const wrapper = ({ children }: { children: ReactNode }) => (
        <SyncValueProvider value={device}>{children}</SyncValueProvider>
      );
      const { result } = renderHook(() => useStudentSmc(studentId), { wrapper });
      await waitFor(() => expect(result.current).toBeTruthy());
      expect(JSON.parse(JSON.stringify(result.current))).toEqual(server);

      const student = (await device.db.rows('students').get(studentId))!;
      const reportStudent = { student, summary: { level: x.level }, progress: new Map() } as unknown as ReportStudent;
      const table3 = smcTable3Report([reportStudent], new Map([[studentId, result.current!]]), '2026-11-21').rows;
      expect(table3).toEqual([
        expect.objectContaining({
          'SMC Matrix Number': x.reference,
          Minimum: x.minimum,
          'Minimum Source': x.skillSource,
          Count: 1,
          Met: x.met ? 'Yes' : 'No',
        }),
      ]);

      // the tracker's contact panel: counts with no minimum to meet, the level's source, no team leads
      const { findByRole, queryByRole, getByText } = render(
        <SyncValueProvider value={device}>
          <SmcPanel studentId={studentId} hours={noHours()} requiredHours={null} />
        </SyncValueProvider>,
      );
      const byPathology = await findByRole('group', { name: 'By pathology' });
      expect(within(byPathology).getByText('Trauma').nextSibling).toHaveTextContent(/^2$/);
      expect(queryByRole('group', { name: 'Team leads' })).toBeNull();
      expect(getByText(x.contactSource)).toBeVisible();
      expect(queryByRole('group', { name: 'By age' })!.textContent).not.toMatch(/of 60/);
    },
  );
});
