/** Every list that can grow long answers pages (limit, offset, X-Total-Count) and takes its filters. */
import { beforeAll, describe, expect, it } from 'vitest';

import type { Role } from '#schema/enums.ts';
import * as t from '#schema/tables.ts';

import { asSystem } from '../seed/standards.ts';
import { type TestApp, testApp } from '../test/helpers.ts';

let h: TestApp;
let studentA: string;
let studentB: string;
let skills: { id: string; programType: string }[];

beforeAll(async () => {
  h = testApp({ standards: true });
  const ems = h.program({ name: 'EMT', type: 'ems' }, [{ userId: h.users.preceptor.id, assignedRole: 'preceptor' }]);
  skills = h.db
    .select()
    .from(t.skills)
    .all()
    .filter((s) => s.programType === 'ems')
    .slice(0, 3);
  asSystem(h.db, 'fixture', (ctx) => {
    const student = (code: string) =>
      ctx.insert(t.students, {
        userId: code === 'A' ? h.users.student.id : null,
        firstName: code,
        lastName: code,
        email: `${code}@test.local`,
        phone: '555',
        studentCode: code,
        programId: ems.id,
        enrollmentDate: '2026-01-10',
        expectedGraduation: '2026-12-15',
      }).id;
    studentA = student('A');
    studentB = student('B');
    for (const studentId of [studentA, studentB]) {
      for (const [i, skill] of skills.entries()) {
        ctx.insert(t.studentSkills, {
          studentId,
          skillId: skill.id,
          status: i === 0 ? 'completed' : 'in_progress',
          progressPercentage: 50,
        });
      }
      for (const [date, hourType] of [
        ['2026-03-01', 'clinical'],
        ['2026-03-02', 'field'],
        ['2026-04-01', 'clinical'],
      ]) {
        ctx.insert(t.clinicalHours, { studentId, date, hoursCompleted: 2, hourType, recordedBy: h.users.director.id });
      }
    }
    for (let i = 0; i < 3; i++)
      ctx.insert(t.messages, {
        senderId: h.users.director.id,
        recipientId: h.users.preceptor.id,
        subject: `in ${i}`,
        content: 'x',
      });
    ctx.insert(t.messages, {
      senderId: h.users.preceptor.id,
      recipientId: h.users.director.id,
      subject: 'out',
      content: 'x',
    });
    for (const status of ['pending', 'approved', 'pending']) {
      ctx.insert(t.requests, {
        kind: 'role-change',
        userId: h.users.preceptor.id,
        currentRole: 'preceptor',
        requestedRole: 'instructor',
        status,
      });
    }
  });
  for (const [name, programType] of [
    ['d1', 'ems'],
    ['d2', 'fire'],
    ['d3', 'ems'],
  ]) {
    const form = new FormData();
    form.append('file', new File(['text'], `${name}.txt`));
    for (const [k, v] of Object.entries({ name, type: 'Policy', programType, isPublic: 'true' })) form.append(k, v);
    expect((await h.as('director', 'POST', '/api/documents', form)).status).toBe(201);
  }
});

async function list(role: Role, url: string) {
  const res = await h.as(role, 'GET', url);
  expect(res.status, url).toBe(200);
  return {
    ids: ((await res.json()) as { id: string }[]).map((r) => r.id),
    total: Number(res.headers.get('x-total-count')),
  };
}

const LISTS: [string, Role, number][] = [
  ['/api/students', 'director', 2],
  ['/api/student-skills', 'preceptor', 6],
  ['/api/clinical-hours', 'preceptor', 6],
  ['/api/messages', 'preceptor', 4],
  ['/api/requests/role-change', 'director', 3],
  ['/api/users', 'director', 6],
  ['/api/documents', 'instructor', 3],
];

describe('pages', () => {
  for (const [path, role, count] of LISTS) {
    it(`${path}: pages of 2 add up to the whole list, in order, with the total`, async () => {
      const whole = await list(role, path);
      expect(whole).toMatchObject({ total: count });
      expect(whole.ids).toHaveLength(count);
      const pages: string[] = [];
      for (let offset = 0; offset < count; offset += 2) {
        const page = await list(role, `${path}?limit=2&offset=${offset}`);
        expect(page.total).toBe(count);
        expect(page.ids.length).toBeLessThanOrEqual(2);
        pages.push(...page.ids);
      }
      expect(pages).toEqual(whole.ids);
      expect((await h.as(role, 'GET', `${path}?limit=0`)).status).toBe(400);
      expect((await h.as(role, 'GET', `${path}?offset=x`)).status).toBe(400);
    });
  }
});

describe('filters', () => {
  it('progress by student, skill, status and program type, only within what the user may see', async () => {
    expect((await list('preceptor', `/api/student-skills?studentId=${studentA}`)).total).toBe(3);
    expect((await list('preceptor', `/api/student-skills?skillId=${skills[0].id}`)).total).toBe(2);
    expect((await list('preceptor', '/api/student-skills?status=completed')).total).toBe(2);
    expect((await list('preceptor', '/api/student-skills?programType=fire')).total).toBe(0);
    expect((await list('student', `/api/student-skills?studentId=${studentB}`)).total).toBe(0);
    expect((await list('student', '/api/student-skills')).total).toBe(3);
  });

  it('hours by student, kind and date range (both ends included)', async () => {
    expect((await list('preceptor', `/api/clinical-hours?studentId=${studentB}`)).total).toBe(3);
    expect((await list('preceptor', '/api/clinical-hours?hourType=field')).total).toBe(2);
    expect((await list('preceptor', '/api/clinical-hours?from=2026-03-02&to=2026-04-01')).total).toBe(4);
    expect((await h.as('preceptor', 'GET', '/api/clinical-hours?from=March')).status).toBe(400);
  });

  it('messages by direction, requests by status, users by role and text, documents by program type', async () => {
    expect((await list('preceptor', '/api/messages?direction=received')).total).toBe(3);
    expect((await list('preceptor', '/api/messages?direction=sent')).total).toBe(1);
    expect((await list('director', '/api/requests/role-change?status=pending')).total).toBe(2);
    expect((await list('director', '/api/users?role=preceptor')).total).toBe(1);
    expect((await list('director', '/api/users?search=administration@')).total).toBe(1);
    expect((await list('instructor', '/api/documents?programType=ems')).total).toBe(2);
  });

  it('program type filters take code or label in any case', async () => {
    expect((await list('preceptor', '/api/student-skills?programType=EMS')).total).toBe(6);
    expect((await list('director', '/api/students?programType=Ems')).total).toBe(2);
    expect((await list('instructor', '/api/documents?programType=EMS')).total).toBe(2);
    expect((await list('instructor', '/api/documents?programType=Fire')).total).toBe(1);
  });
});

describe('compression', () => {
  it('sends a long page in brotli to a browser, and the bytes are the same list', async () => {
    const plain = await h.as('director', 'GET', '/api/student-skills?limit=500');
    const packed = await h.as('director', 'GET', '/api/student-skills?limit=500', undefined, {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(packed.headers.get('content-encoding')).toBe('br');
    expect(packed.headers.get('vary')).toBe('Accept-Encoding');
    const { brotliDecompressSync } = await import('node:zlib');
    const bytes = Buffer.from(await packed.arrayBuffer());
    expect(JSON.parse(brotliDecompressSync(bytes).toString())).toEqual(await plain.json());
  });

  it('gzips a long page for clients that take gzip and not brotli, and the bytes are the same list', async () => {
    const plain = await h.as('director', 'GET', '/api/student-skills?limit=500');
    const zipped = await h.as('director', 'GET', '/api/student-skills?limit=500', undefined, {
      'accept-encoding': 'gzip, deflate',
    });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    const { gunzipSync } = await import('node:zlib');
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(JSON.parse(gunzipSync(bytes).toString())).toEqual(await plain.json());
  });
});
