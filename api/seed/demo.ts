/**
 * Demo data for `DEMO=1`: one account per role (`<role>@demo.test`) and a Medical Director, four programs, students
 * with progress and hours, preceptor sign-offs, a graduate-ready paramedic, clinical sites, requests, messages. Generated from a fixed seed so every demo looks the same.
 */
import { and, eq, isNull } from 'drizzle-orm';

import { writeSummary } from '#api/domain/evidence/skill-summary.ts';
import { type Role, ROLES } from '#schema/enums.ts';
import { entryOf, foldEntries } from '#schema/skill-figures.ts';
import * as t from '#schema/tables.ts';

import { hashPasswordSync } from '../auth/password.ts';
import type { CommandContext } from '../commands/command.ts';
import type { Db } from '../db/open.ts';
import { seedDemoPortfolio } from './demo-portfolio.ts';
import { seedFireDemo } from './fire-demo.ts';
import { seedPoliceDemo } from './police-demo.ts';
import { seedShiftsDemo } from './shifts-demo.ts';
import { asSystem } from './standards.ts';

export const demoEmail = (role: Role) => `${role}@demo.test`;

const NAMES: Record<Role, [string, string]> = {
  student: ['Sam', 'Rivera'],
  instructor: ['Irene', 'Okafor'],
  administration: ['Alex', 'Morgan'],
  preceptor: ['Pat', 'Nguyen'],
  director: ['Dana', 'Whitfield'],
  clinical_coordinator: ['Casey', 'Brooks'],
};

const STUDENT_NAMES = [
  ['Maya', 'Chen'],
  ['Jordan', 'Ellis'],
  ['Priya', 'Patel'],
  ['Luis', 'Ortega'],
  ['Hannah', 'Kim'],
  ['Marcus', 'Reed'],
  ['Zoe', 'Adams'],
  ['Omar', 'Haddad'],
  ['Grace', 'Liu'],
  ['Ethan', 'Brooks'],
  ['Sofia', 'Marino'],
  ['Noah', 'Fischer'],
  ['Ava', 'Johnson'],
  ['Liam', 'Walsh'],
  ['Isla', 'Novak'],
  ['Caleb', 'Price'],
];

/** mulberry32: a small deterministic generator, so the demo is the same on every machine. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

function hasDemoData(db: Db): boolean {
  return Boolean(
    db
      .select({ id: t.users.id })
      .from(t.users)
      .where(and(eq(t.users.email, demoEmail('director')), isNull(t.users.deletedAt)))
      .get(),
  );
}

export function seedDemo(db: Db, password: string): void {
  if (hasDemoData(db)) return;
  const passwordHash = hashPasswordSync(password);
  asSystem(db, 'seedDemo', (ctx) => {
    const rnd = random(20261121);
    const users = Object.fromEntries(
      ROLES.map((role) => [
        role,
        ctx.insert(t.users, {
          email: demoEmail(role),
          passwordHash,
          firstName: NAMES[role][0],
          lastName: NAMES[role][1],
          role,
          phone: '555-0100',
          department: role === 'student' ? null : 'Emergency Medical Services',
          certifications: [],
          specialties: [],
        }),
      ]),
    ) as Record<Role, typeof t.users.$inferSelect>;
    for (const role of ['instructor', 'preceptor'] as const) {
      ctx.insert(t.instructors, {
        id: users[role].id,
        employeeId: role === 'instructor' ? 'E-1001' : 'E-1002',
        title: role === 'instructor' ? 'Lead Paramedic Instructor' : 'Field Preceptor',
        department: 'Emergency Medical Services',
        programTypes: ['ems'],
        hireDate: '2019-08-15',
        isPreceptor: role === 'preceptor',
        experience: '10 years',
        education: 'BS Emergency Medical Services',
      });
    }
    const programs = [
      {
        name: 'Paramedic Program 2026',
        type: 'ems',
        certificationLevel: 'paramedic',
        durationWeeks: 52,
        requiredHours: 480,
      },
      { name: 'EMT Basic Spring', type: 'ems', certificationLevel: 'emt', durationWeeks: 16, requiredHours: 48 },
      {
        name: 'Firefighter I Academy',
        type: 'fire',
        certificationLevel: 'firefighter_1',
        durationWeeks: 14,
        requiredHours: 120,
      },
      {
        name: 'Basic Peace Officer Academy',
        type: 'police',
        certificationLevel: 'basic_peace_officer',
        durationWeeks: 26,
        requiredHours: 200,
      },
    ].map((p) =>
      ctx.insert(t.programs, {
        ...p,
        description: `${p.name} (demo)`,
        directorId: users.director.id,
        certifications: [],
      }),
    );
    for (const p of programs.slice(0, 2)) {
      ctx.insert(t.programMembers, { programId: p.id, userId: users.instructor.id, assignedRole: 'instructor' });
      ctx.insert(t.programMembers, { programId: p.id, userId: users.preceptor.id, assignedRole: 'preceptor' });
    }
    ctx.insert(t.programMembers, { programId: programs[0].id, userId: users.student.id, assignedRole: 'student' });
    const sites = seedSites(ctx);
    const skills = ctx.tx.select().from(t.skills).where(isNull(t.skills.deletedAt)).all();

    const people = [[NAMES.student[0], NAMES.student[1]], ...STUDENT_NAMES];
    people.forEach(([firstName, lastName], i) => {
      const program = programs[i % programs.length];
      const enrolledDaysAgo = 40 + Math.floor(rnd() * 200);
      const student = ctx.insert(t.students, {
        userId: i === 0 ? users.student.id : null,
        firstName,
        lastName,
        email:
          i === 0 ? demoEmail('student') : `${firstName.toLowerCase()}.${lastName.toLowerCase()}@students.demo.test`,
        phone: `555-01${String(10 + i).padStart(2, '0')}`,
        studentCode: `STU-${String(2026001 + i)}`,
        emsCertificationLevel: program.type === 'ems' ? program.certificationLevel! : 'emt',
        programId: program.id,
        enrollmentDate: day(-enrolledDaysAgo),
        expectedGraduation: day(-enrolledDaysAgo + program.durationWeeks! * 7),
        gpa: Math.round((2.6 + rnd() * 1.4) * 100) / 100,
        isActive: i !== people.length - 1,
      });
      const ability = 0.3 + rnd() * 0.7;
      for (const skill of skills.filter(
        (s) => s.programType === program.type && s.certificationLevel === program.certificationLevel,
      )) {
        const r = rnd();
        if (r > ability) continue;
        seedSkillLog(ctx, rnd, {
          studentId: student.id,
          skill,
          recordedBy: i % 2 ? users.preceptor.id : users.instructor.id,
          mastered: r < ability * 0.6,
        });
      }
      if (program.type === 'ems') seedContacts(ctx, rnd, student.id, users.preceptor.id, sites);
      for (let k = 0; k < 3 + Math.floor(rnd() * 8); k++) {
        ctx.insert(t.clinicalHours, {
          studentId: student.id,
          clinicalSiteId: sites[k % sites.length].id,
          date: day(-Math.floor(rnd() * enrolledDaysAgo)),
          hoursCompleted: [6, 8, 12][k % 3],
          hourType: k % 3 === 2 ? 'field' : 'clinical',
          recordedBy: users.preceptor.id,
          verifiedBy: users.preceptor.id,
        });
      }
    });
    seedWorkflow(ctx, users, programs, sites);
    seedDemoPortfolio(ctx, {
      passwordHash,
      student: users.student,
      preceptor: users.preceptor,
      paramedic: programs[0],
      sites,
    });
    seedPoliceDemo(ctx, passwordHash, users.director.id);
    seedFireDemo(ctx, passwordHash);
  });
}

const SEED_SETTINGS = ['lab', 'simulation', 'clinical', 'field'] as const;

/**
 * One student's attempts at a skill, written to the evidence log as staff would log them, and the skill's summary
 * figures folded from them: a mastered skill has every attempt successful, one in progress fewer successes than its
 * minimum.
 */
function seedSkillLog(
  ctx: CommandContext,
  rnd: () => number,
  p: { studentId: string; skill: typeof t.skills.$inferSelect; recordedBy: string; mastered: boolean },
) {
  const minimum = Math.max(p.skill.minimumAttempts, 1);
  const attempts = minimum + Math.floor(rnd() * 3);
  const successful = p.mastered ? attempts : Math.min(Math.floor(attempts / 2), minimum - 1);
  const entries = Array.from({ length: attempts }, (_, k) =>
    ctx.insert(t.skillAttempts, {
      studentId: p.studentId,
      skillId: p.skill.id,
      attemptedAt: `${day(-Math.floor(rnd() * 30))}T${String(8 + k).padStart(2, '0')}:00:00.000Z`,
      setting: SEED_SETTINGS[Math.floor(rnd() * SEED_SETTINGS.length)],
      outcome: k < successful ? 'successful' : 'unsuccessful',
      participation: 'performed',
      attemptsDelta: 1,
      successfulDelta: k < successful ? 1 : 0,
      recordedBy: p.recordedBy,
      verifiedBy: p.recordedBy,
      verifiedAt: ctx.now,
    }),
  );
  writeSummary(ctx, p.studentId, p.skill.id, () => ({
    figures: foldEntries(entries.map(entryOf)),
    fields: {
      instructorId: p.recordedBy,
      statusOverride: !p.mastered && rnd() < 0.15 ? 'needs_improvement' : null,
      nextAssessmentDate: p.mastered ? null : day(3 + Math.floor(rnd() * 40)),
    },
  }));
}

const SEED_IMPRESSIONS = ['ACS', 'Trauma-Extremity', 'Breathing Problem', 'AMS', 'Abdominal', 'Behavioral/Psychiatric'];
const SEED_AGES = [0, 3, 9, 16, 34, 52, 71, 84];

/** A few patient contacts of an EMS student, across ages and impressions, some as team lead. */
function seedContacts(
  ctx: CommandContext,
  rnd: () => number,
  studentId: string,
  recordedBy: string,
  sites: { id: string }[],
) {
  for (let k = 0; k < 4 + Math.floor(rnd() * 6); k++) {
    const impression = SEED_IMPRESSIONS[Math.floor(rnd() * SEED_IMPRESSIONS.length)];
    ctx.insert(t.patientContacts, {
      studentId,
      date: day(-Math.floor(rnd() * 30)),
      setting: k % 3 === 0 ? 'field' : 'clinical',
      clinicalSiteId: sites[k % sites.length].id,
      ageYears: SEED_AGES[Math.floor(rnd() * SEED_AGES.length)],
      ageMonths: Math.floor(rnd() * 12),
      gender: rnd() < 0.5 ? 'female' : 'male',
      chiefComplaints: [impression === 'ACS' ? 'Chest pain' : 'Other'],
      primaryImpression: impression,
      teamLead: rnd() < 0.4,
      careLevel: rnd() < 0.6 ? 'als' : 'bls',
      disposition: 'transported',
      recordedBy,
      // the staff member who logs a contact stands behind it (a student's own would wait for verification)
      verifiedBy: recordedBy,
    });
  }
}

function seedSites(ctx: CommandContext) {
  return [
    {
      name: 'St. Mary Regional Medical Center',
      type: 'Hospital',
      city: 'Springfield',
      programTypes: ['ems'],
      specialties: ['Emergency Medicine', 'Trauma'],
    },
    {
      name: 'Metro County EMS Station 4',
      type: 'Ambulance Service',
      city: 'Springfield',
      programTypes: ['ems'],
      specialties: ['Critical Care'],
    },
    {
      name: 'Springfield Fire Department Station 1',
      type: 'Fire Department',
      city: 'Springfield',
      programTypes: ['fire', 'ems'],
      specialties: ['Structural Firefighting', 'Vehicle Rescue'],
    },
  ].map((s, i) =>
    ctx.insert(t.clinicalSites, {
      ...s,
      address: `${100 + i * 25} Main Street`,
      state: 'IL',
      zipCode: '62701',
      phone: `555-02${i}0`,
      email: `clinical${i + 1}@sites.demo.test`,
      contactPerson: ['Dr. Lee Harper', 'Capt. Rosa Diaz', 'Chief Tom Avery'][i],
      contactTitle: ['ED Educator', 'Field Supervisor', 'Training Officer'][i],
      maxStudents: [8, 4, 6][i],
    }),
  );
}

function seedWorkflow(
  ctx: CommandContext,
  users: Record<Role, typeof t.users.$inferSelect>,
  programs: (typeof t.programs.$inferSelect)[],
  sites: (typeof t.clinicalSites.$inferSelect)[],
) {
  const [ownStudent] = ctx.tx.select().from(t.students).where(eq(t.students.userId, users.student.id)).all();
  ctx.insert(t.requests, {
    kind: 'program-join',
    userId: users.student.id,
    programId: programs[1].id,
    requestedRole: 'student',
    justification: 'I would like to complete the EMT refresher alongside my paramedic courses.',
  });
  ctx.insert(t.requests, {
    kind: 'role-change',
    userId: users.preceptor.id,
    programId: programs[0].id,
    currentRole: 'preceptor',
    requestedRole: 'instructor',
    justification: 'I have completed the instructor course and can teach the airway lab.',
  });
  ctx.insert(t.requests, {
    kind: 'preceptor',
    userId: users.student.id,
    studentId: ownStudent.id,
    clinicalSiteId: sites[0].id,
    emsCertificationLevel: 'paramedic',
    requestedDatesText: 'Weekday evenings next month',
    skillsToFocusText: 'IV Therapy, Airway Management',
    justification: 'I need more live IV starts for my SMC minimums.',
  });
  const approvedRequest = ctx.insert(t.requests, {
    kind: 'clinical-time',
    userId: users.student.id,
    studentId: ownStudent.id,
    clinicalSiteId: sites[1].id,
    status: 'approved',
    startAt: `${day(2)}T07:00:00.000Z`,
    endAt: `${day(2)}T19:00:00.000Z`,
    requestedHours: 12,
    emsCertificationLevel: 'paramedic',
    reviewedBy: users.clinical_coordinator.id,
    reviewedAt: new Date().toISOString(),
    approvalLevel: 'clinical_coordinator',
    justification: 'Scheduled ride-along shift.',
  });
  seedShiftsDemo(ctx, {
    programId: programs[0].id,
    ownStudentId: ownStudent.id,
    coordinatorId: users.clinical_coordinator.id,
    preceptorId: users.preceptor.id,
    sites,
    approvedRequest,
  });
  ctx.insert(t.messages, {
    senderId: users.instructor.id,
    recipientId: users.student.id,
    subject: 'Airway lab this Thursday',
    priority: 'high',
    category: 'academic',
    content: 'Please bring your skills book.\nWe will cover BVM ventilation and supraglottic airways.',
  });
  ctx.insert(t.messages, {
    senderId: users.clinical_coordinator.id,
    recipientId: users.director.id,
    subject: 'Site capacity for spring',
    category: 'clinical',
    content: 'St. Mary can take two more paramedic students from March.',
  });
  const requirements = ctx.tx.select().from(t.accreditationRequirements).all();
  requirements.slice(0, 6).forEach((r, i) =>
    ctx.update(t.accreditationRequirements, r, {
      completionStatus: i < 4 ? 'completed' : 'in_progress',
      completedAt: i < 4 ? day(-30 * (i + 1)) : null,
      dueDate: i < 4 ? null : day(20 + i * 15),
    }),
  );
}
