/**
 * The spec's clients call lists without paging: such a call answers every row the caller may see (streamed, a piece
 * at a time), with the number in X-Total-Count; `limit` and `offset` still answer one page.
 */
import { gunzipSync } from 'node:zlib';

import { beforeAll, describe, expect, it } from 'vitest';

import type { Role } from '#schema/enums.ts';
import * as t from '#schema/tables.ts';

import { asSystem } from '../seed/standards.ts';
import { type TestApp, testApp } from '../test/helpers.ts';

const MANY = 150;
const SKILLS_EACH = 20;
let h: TestApp;

beforeAll(() => {
  h = testApp({ standards: true });
  const ems = h.program({ name: 'EMT', type: 'ems' }, [{ userId: h.users.preceptor.id, assignedRole: 'preceptor' }]);
  const skills = h.db
    .select()
    .from(t.skills)
    .all()
    .filter((s) => s.programType === 'ems')
    .slice(0, SKILLS_EACH);
  expect(skills).toHaveLength(SKILLS_EACH);
  asSystem(h.db, 'fixture', (ctx) => {
    for (let i = 0; i < MANY; i++) {
      const code = `S${String(i).padStart(3, '0')}`;
      const student = ctx.insert(t.students, {
        firstName: code,
        lastName: code,
        email: `${code}@test.local`,
        phone: '555',
        studentCode: code,
        programId: ems.id,
        enrollmentDate: '2026-01-10',
        expectedGraduation: '2026-12-15',
      });
      for (const skill of skills)
        ctx.insert(t.studentSkills, { studentId: student.id, skillId: skill.id, status: 'in_progress' });
      ctx.insert(t.clinicalHours, {
        studentId: student.id,
        date: '2026-03-01',
        hoursCompleted: 2,
        recordedBy: h.users.director.id,
      });
      ctx.insert(t.messages, {
        senderId: h.users.director.id,
        recipientId: h.users.preceptor.id,
        subject: code,
        content: 'x',
      });
      ctx.insert(t.users, {
        email: `${code}@staff.local`,
        passwordHash: 'x',
        firstName: code,
        lastName: code,
        role: 'instructor',
      });
      ctx.insert(t.requests, {
        kind: 'role-change',
        userId: h.users.preceptor.id,
        currentRole: 'preceptor',
        requestedRole: 'instructor',
      });
      ctx.insert(t.documents, {
        name: code,
        type: 'Policy',
        programType: 'ems',
        isPublic: true,
        fileName: `${code}.txt`,
        storedName: code,
        mimeType: 'text/plain',
        fileSize: 4,
        uploadedBy: h.users.director.id,
      });
    }
  });
});

const LISTS: [string, Role, number][] = [
  ['/api/students', 'director', MANY],
  ['/api/student-skills', 'preceptor', MANY * SKILLS_EACH],
  ['/api/student-skills/ems', 'director', MANY * SKILLS_EACH],
  ['/api/clinical-hours', 'preceptor', MANY],
  ['/api/messages', 'preceptor', MANY],
  ['/api/users', 'director', MANY + 6],
  ['/api/requests/role-change', 'director', MANY],
  ['/api/documents', 'instructor', MANY],
];

async function ids(res: Response) {
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: string }[]).map((r) => r.id);
}

describe('a list without limit', () => {
  for (const [path, role, count] of LISTS) {
    it(`${path}: answers all ${count} rows, each once, with X-Total-Count, and pages still add up to it`, async () => {
      const res = await h.as(role, 'GET', path);
      expect(res.headers.get('x-total-count')).toBe(String(count));
      const whole = await ids(res);
      expect(whole).toHaveLength(count);
      expect(new Set(whole).size).toBe(count);

      const page = await h.as(role, 'GET', `${path}?limit=50&offset=100`);
      expect(page.headers.get('x-total-count')).toBe(String(count));
      expect(await ids(page)).toEqual(whole.slice(100, 150));
      expect(await ids(await h.as(role, 'GET', `${path}?offset=${count - 3}`))).toEqual(whole.slice(-3));
      expect(await ids(await h.as(role, 'GET', `${path}?offset=${count}`))).toEqual([]);
    });
  }

  it('is written out in pieces as the client reads, not built whole first', async () => {
    const res = await h.as('preceptor', 'GET', '/api/student-skills?programType=ems');
    const reader = res.body!.getReader();
    const pieces: Uint8Array[] = [];
    for (let r = await reader.read(); !r.done; r = await reader.read()) pieces.push(r.value);
    const bytes = pieces.reduce((n, p) => n + p.byteLength, 0);
    expect(pieces.length).toBeGreaterThan(3);
    expect(Math.max(...pieces.map((p) => p.byteLength))).toBeLessThan(bytes / 3);
    expect(JSON.parse(Buffer.concat(pieces).toString())).toHaveLength(MANY * SKILLS_EACH);
  });

  it('is gzipped for clients that accept it, and the bytes are the same list', async () => {
    const plain = await h.as('director', 'GET', '/api/student-skills?status=in_progress');
    const zipped = await h.as('director', 'GET', '/api/student-skills?status=in_progress', undefined, {
      'accept-encoding': 'gzip',
    });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('x-total-count')).toBe(String(MANY * SKILLS_EACH));
    const list = JSON.parse(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString());
    expect(list).toHaveLength(MANY * SKILLS_EACH);
    expect(list).toEqual(await plain.json());
  });
});
