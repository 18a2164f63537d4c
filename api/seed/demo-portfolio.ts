/**
 * The demo's evidence for the paramedic portfolio (issue 28) that a newcomer walks through after `npm start`:
 * - a Medical Director: a second Director account assigned to the paramedic program, who signs the Terminal
 *   Competency attestation after the program's named director;
 * - three weeks of preceptor sign-offs on the demo student's phone, made as the device makes them (hashed, chained):
 *   some confirmed through the link mailed to a preceptor the site knows, some still awaiting, one disputed;
 * - one graduate-ready paramedic student whose verified evidence meets every SMC minimum and the program's hours, so
 *   the attestation can be signed end to end.
 * The records a sign-off holds follow its state through the same rule the server applies (restateSignOff).
 */
import { and, eq } from 'drizzle-orm';

import { restateSignOff, sha256 } from '#api/domain/evidence/sign-off-effects.ts';
import { writeSummary } from '#api/domain/evidence/skill-summary.ts';
import { DEFAULT_CONTACT_RULES, IMPRESSIONS } from '#schema/patient-contact.ts';
import { AFFECTIVE_ITEMS, signedContent, signOffContent } from '#schema/sign-off.ts';
import { entryOf, foldEntries } from '#schema/skill-figures.ts';
import { isContactTableItem, SMC_LEVEL_RULES } from '#schema/smc.ts';
import * as t from '#schema/tables.ts';

import type { CommandContext } from '../commands/command.ts';

export const MEDICAL_DIRECTOR_EMAIL = 'medical-director@demo.test';
/** The graduate-ready student's code: the demo's one portfolio with nothing missing. */
export const READY_STUDENT_CODE = 'STU-2026100';

type User = typeof t.users.$inferSelect;
type Program = typeof t.programs.$inferSelect;
type Site = typeof t.clinicalSites.$inferSelect;

const dateAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
/** That day at the hour (UTC), as the device stamps a time. */
const dayAgo = (days: number, hour: number) => `${dateAgo(days)}T${String(hour).padStart(2, '0')}:00:00.000Z`;

export interface DemoPortfolioContext {
  passwordHash: string;
  student: User;
  preceptor: User;
  paramedic: Program;
  sites: Site[];
}

export function seedDemoPortfolio(ctx: CommandContext, d: DemoPortfolioContext) {
  const medicalDirector = ctx.insert(t.users, {
    email: MEDICAL_DIRECTOR_EMAIL,
    passwordHash: d.passwordHash,
    firstName: 'Morgan',
    lastName: 'Hale',
    role: 'director',
    phone: '555-0100',
    department: 'Emergency Medical Services',
    certifications: [],
    specialties: [],
  });
  ctx.insert(t.programMembers, { programId: d.paramedic.id, userId: medicalDirector.id, assignedRole: 'director' });
  seedSignOffs(ctx, d);
  seedReadyStudent(ctx, d);
}

/** The preceptor answering by link: the Metro County EMS site lists the address, so a confirmation counts at once. */
function linkPreceptor(site: Site) {
  return {
    name: 'Rosa Diaz',
    credential: 'Paramedic',
    number: 'NRP 204518',
    agency: site.name,
    contact: site.email!,
  };
}

const PLAN: { daysAgo: number; status: 'confirmed' | 'awaiting' | 'disputed' }[] = [
  { daysAgo: 20, status: 'confirmed' },
  { daysAgo: 17, status: 'confirmed' },
  { daysAgo: 13, status: 'confirmed' },
  { daysAgo: 10, status: 'disputed' },
  { daysAgo: 6, status: 'confirmed' },
  { daysAgo: 3, status: 'awaiting' },
  { daysAgo: 1, status: 'awaiting' },
];

const EVALUATION: Partial<Record<(typeof AFFECTIVE_ITEMS)[number], 0 | 1 | 2>> = Object.fromEntries(
  AFFECTIVE_ITEMS.map((item, i) => [item, i % 4 === 0 ? 1 : 2]),
);

/** The demo student's shifts, each signed on their phone: a contact they led and two attempts at IV access. */
function seedSignOffs(ctx: CommandContext, d: DemoPortfolioContext) {
  const student = ctx.tx.select().from(t.students).where(eq(t.students.userId, d.student.id)).get()!;
  const iv = ctx.tx.select().from(t.skills).where(eq(t.skills.code, 'ems-pm-t3-iv-access')).get();
  const site = d.sites.find((s) => s.email === 'clinical2@sites.demo.test')!;
  const preceptor = linkPreceptor(site);
  let previousHash: string | null = null;
  PLAN.forEach((shift, n) => {
    const own = { studentId: student.id, recordedBy: d.student.id, verifiedBy: null };
    const contact = ctx.insert(t.patientContacts, {
      ...own,
      date: dateAgo(shift.daysAgo),
      setting: 'field',
      clinicalSiteId: site.id,
      ageYears: [58, 34, 71, 46, 22, 67, 40][n],
      ageMonths: 0,
      gender: n % 2 ? 'male' : 'female',
      chiefComplaints: ['Chest pain'],
      primaryImpression: ['ACS', 'Trauma-Extremity', 'Stroke', 'Breathing Problem', 'AMS', 'ACS', 'Abdominal'][n],
      teamLead: true,
      careLevel: 'als',
      disposition: 'transported',
    });
    const attempts = iv
      ? (['successful', n % 3 === 0 ? 'unsuccessful' : 'successful'] as const).map((outcome, k) =>
          ctx.insert(t.skillAttempts, {
            ...own,
            skillId: iv.id,
            attemptedAt: dayAgo(shift.daysAgo, 9 + k),
            setting: 'field',
            outcome,
            participation: 'performed',
            attemptsDelta: 1,
            successfulDelta: outcome === 'successful' ? 1 : 0,
          }),
        )
      : [];
    const records = [{ kind: 'contact', id: contact.id }, ...attempts.map((a) => ({ kind: 'attempt', id: a.id }))];
    const signed = {
      contentHash: sha256(signedContent(student.id, { attempts, contacts: [contact], hours: [] })),
      previousHash,
      deviceId: 'demo-phone-sam',
      capturedAt: dayAgo(shift.daysAgo, 19),
      preceptor,
      evaluation: EVALUATION,
      teamLeadScores: { [contact.id]: n % 3 === 0 ? 1 : 2 } as Record<string, 0 | 1 | 2>,
      signature: { width: 300, height: 120, strokes: [[12, 80, 60, 30, 110, 70, 170, 40]] },
    };
    const hash = sha256(signOffContent(signed));
    previousHash = hash;
    const linkSent = dayAgo(shift.daysAgo, 20);
    const row = ctx.insert(t.signOffs, {
      ...signed,
      studentId: student.id,
      records,
      hash,
      recordedBy: d.student.id,
      status: shift.status,
      statusNote: answerNote(shift.status, preceptor),
      statusAt: shift.status === 'awaiting' ? null : dayAgo(shift.daysAgo - 1, 8),
      linkExpiresAt: new Date(Date.parse(linkSent) + 14 * 86_400_000).toISOString(),
    });
    ctx.tx
      .insert(t.signOffLinks)
      .values({
        id: sha256(`demo-link-${n}`),
        signOffId: row.id,
        createdAt: linkSent,
        expiresAt: row.linkExpiresAt!,
        usedAt: shift.status === 'awaiting' ? null : row.statusAt,
        sentTo: preceptor.contact,
      })
      .run();
    restateSignOff(ctx, row);
  });
  if (iv) refold(ctx, student.id, iv.id);
}

function answerNote(status: string, preceptor: { name: string; contact: string }) {
  const by = `By ${preceptor.name} through the link sent to ${preceptor.contact}`;
  if (status === 'disputed') return `${by}: I was not on that call; the second IV attempt was another student's.`;
  return status === 'confirmed' ? by : null;
}

/** A student-skill summary folded afresh from its whole log, as the server would hold it. */
function refold(ctx: CommandContext, studentId: string, skillId: string) {
  const log = ctx.tx
    .select()
    .from(t.skillAttempts)
    .where(and(eq(t.skillAttempts.studentId, studentId), eq(t.skillAttempts.skillId, skillId)))
    .all();
  writeSummary(ctx, studentId, skillId, () => ({ figures: foldEntries(log.map(entryOf)) }));
}

/** Each pathology category's minimum in contacts with an impression the default map puts in it. */
function readyContacts() {
  const rules = DEFAULT_CONTACT_RULES;
  const impressions = Object.entries(rules.pathologyMinimums).flatMap(([category, minimum]) => {
    const impression = IMPRESSIONS.find((i) => rules.pathologyMap[i] === category) ?? 'Abdominal';
    return Array.from({ length: minimum }, () => impression);
  });
  // two of each band below adult, then the geriatric minimum, the rest adults (OB contacts come late: adults)
  const young = rules.ageBands.filter((b) => b.fromMonths < 18 * 12);
  const ages = [
    ...young.flatMap((b) => [b.fromMonths, b.fromMonths]),
    ...Array.from({ length: rules.ageBands.find((b) => b.label === 'Geriatric')!.minimum }, () => 72 * 12),
  ];
  return impressions.map((impression, k) => ({
    impression,
    months: ages[k] ?? 40 * 12,
    teamLead: k < rules.teamLeadMinimum,
  }));
}

/** A paramedic student whose verified evidence meets every SMC minimum and the program's hours. */
function seedReadyStudent(ctx: CommandContext, d: DemoPortfolioContext) {
  const student = ctx.insert(t.students, {
    userId: null,
    firstName: 'Jamie',
    lastName: 'Sorensen',
    email: 'jamie.sorensen@students.demo.test',
    phone: '555-0199',
    studentCode: READY_STUDENT_CODE,
    emsCertificationLevel: 'paramedic',
    programId: d.paramedic.id,
    enrollmentDate: dateAgo(340),
    expectedGraduation: dateAgo(-24),
    gpa: 3.71,
  });
  const staff = { studentId: student.id, recordedBy: d.preceptor.id, verifiedBy: d.preceptor.id };
  readyContacts().forEach((c, k) =>
    ctx.insert(t.patientContacts, {
      ...staff,
      date: dateAgo(5 + (k % 200)),
      setting: c.teamLead ? 'field' : 'clinical',
      clinicalSiteId: d.sites[k % 2].id,
      ageYears: Math.floor(c.months / 12),
      ageMonths: c.months % 12,
      gender: k % 2 ? 'male' : 'female',
      chiefComplaints: ['Other'],
      primaryImpression: c.impression,
      teamLead: c.teamLead,
      careLevel: 'als',
      disposition: 'transported',
    }),
  );
  const { isSkillsTableItem } = SMC_LEVEL_RULES.paramedic;
  const motor = ctx.tx
    .select()
    .from(t.skills)
    .where(and(eq(t.skills.programType, 'ems'), eq(t.skills.certificationLevel, 'paramedic')))
    .all()
    .filter((k) => !k.deletedAt && isSkillsTableItem(k) && !isContactTableItem(k));
  motor.forEach((skill, n) => {
    for (let k = 0; k < Math.max(1, skill.minimumAttempts); k++) {
      ctx.insert(t.skillAttempts, {
        ...staff,
        skillId: skill.id,
        attemptedAt: dayAgo(10 + ((n + k) % 90), 8 + (k % 10)),
        setting: k % 2 ? 'clinical' : 'lab',
        outcome: 'successful',
        participation: 'performed',
        attemptsDelta: 1,
        successfulDelta: 1,
        verifiedAt: ctx.now,
      });
    }
    refold(ctx, student.id, skill.id);
  });
  // 40 verified 12-hour shifts: the program's 480 hours
  for (let k = 0; k < Math.ceil((d.paramedic.requiredHours ?? 0) / 12); k++) {
    ctx.insert(t.clinicalHours, {
      ...staff,
      clinicalSiteId: d.sites[k % 2].id,
      date: dateAgo(8 + k * 7),
      hoursCompleted: 12,
      hourType: k % 2 ? 'field' : 'clinical',
    });
  }
}
