import { beforeEach, describe, expect, it } from 'vitest';

import { asSystem } from '#api/seed/standards.ts';
import { type TestApp, testApp } from '#api/test/helpers.ts';
import { MSG } from '#schema/messages.ts';
import * as t from '#schema/tables.ts';

let h: TestApp;

const message = (over: Record<string, unknown> = {}) => ({
  recipientId: h.users.instructor.id,
  subject: 'Shift swap',
  content: 'Can we swap Tuesday?\nThanks',
  ...over,
});

/** The student sends one message to the instructor and returns it as the sender sees it. */
async function sent(over: Record<string, unknown> = {}) {
  const res = await h.as('student', 'POST', '/api/messages', message(over));
  expect(res.status).toBe(201);
  return res.json();
}

const list = async (role: Parameters<TestApp['as']>[0]) => (await h.as(role, 'GET', '/api/messages')).json();

beforeEach(() => {
  h = testApp();
});

describe('POST /api/messages', () => {
  it('sends from the signed-in user whatever senderId says, with the default priority and category', async () => {
    const body = await sent({ senderId: h.users.director.id });
    expect(body).toMatchObject({
      senderId: h.users.student.id,
      senderName: 'Test student',
      senderRole: 'student',
      recipientId: h.users.instructor.id,
      recipientName: 'Test instructor',
      subject: 'Shift swap',
      content: 'Can we swap Tuesday?\nThanks',
      priority: 'normal',
      category: 'general',
      isRead: false,
      direction: 'sent',
      isStarred: false,
      isArchived: false,
    });
    expect(body.createdAt).toEqual(expect.any(String));
  });

  it('answers the spec messages for missing fields and stores nothing', async () => {
    const res = await h.as('student', 'POST', '/api/messages', { subject: '  ' });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({
      recipientId: MSG.recipientRequired,
      subject: MSG.subjectRequired,
      content: MSG.contentRequired,
    });
    const bad = await h.as('student', 'POST', '/api/messages', message({ priority: 'whenever' }));
    expect((await bad.json()).fields.priority).toEqual(expect.any(String));
    expect(await list('student')).toEqual([]);
  });

  it('refuses unknown, inactive and own recipients', async () => {
    const inactive = asSystem(h.db, 'fixture', (ctx) =>
      ctx.insert(t.users, {
        email: 'gone@test.local',
        firstName: 'Gone',
        lastName: 'User',
        role: 'instructor',
        isActive: false,
      }),
    );
    for (const recipientId of ['no-such-user', inactive.id]) {
      const res = await h.as('student', 'POST', '/api/messages', message({ recipientId }));
      expect(res.status).toBe(400);
      expect((await res.json()).fields).toEqual({ recipientId: 'Recipient not found' });
    }
    expect((await h.as('student', 'POST', '/api/messages', message({ recipientId: h.users.student.id }))).status).toBe(
      400,
    );
    expect(await list('student')).toEqual([]);
  });

  it('is 401 signed out', async () => {
    expect((await h.as(null, 'POST', '/api/messages', message())).status).toBe(401);
    expect((await h.as(null, 'GET', '/api/messages')).status).toBe(401);
  });
});

describe('GET /api/messages', () => {
  it('lists received and sent messages newest first, and nobody else sees them', async () => {
    const first = await sent({ subject: 'First' });
    const reply = await (
      await h.as('instructor', 'POST', '/api/messages', {
        recipientId: h.users.student.id,
        subject: 'Re: First',
        content: 'Yes',
        priority: 'urgent',
        category: 'clinical',
      })
    ).json();
    const inbox = await list('student');
    expect(inbox.map((m: { id: string; direction: string }) => [m.id, m.direction])).toEqual([
      [reply.id, 'received'],
      [first.id, 'sent'],
    ]);
    expect(inbox[0]).toMatchObject({
      senderName: 'Test instructor',
      senderRole: 'instructor',
      priority: 'urgent',
      category: 'clinical',
    });
    expect((await list('instructor')).map((m: { direction: string }) => m.direction)).toEqual(['sent', 'received']);
    for (const role of ['director', 'administration', 'preceptor', 'clinical_coordinator'] as const) {
      expect(await list(role)).toEqual([]);
    }
  });
});

describe('POST /api/messages/:id/read', () => {
  it('marks read for the recipient only, idempotently', async () => {
    const m = await sent();
    expect((await h.as('student', 'POST', `/api/messages/${m.id}/read`)).status).toBe(404);
    expect((await h.as('director', 'POST', `/api/messages/${m.id}/read`)).status).toBe(404);
    expect((await list('instructor'))[0].isRead).toBe(false);
    const res = await h.as('instructor', 'POST', `/api/messages/${m.id}/read`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: m.id, isRead: true, direction: 'received' });
    expect((await h.as('instructor', 'POST', `/api/messages/${m.id}/read`)).status).toBe(200);
    expect((await list('student'))[0].isRead).toBe(true);
  });

  it('is 404 for an unknown id and 401 signed out', async () => {
    expect((await h.as('instructor', 'POST', '/api/messages/nope/read')).status).toBe(404);
    const m = await sent();
    expect((await h.as(null, 'POST', `/api/messages/${m.id}/read`)).status).toBe(401);
  });
});

describe('PATCH and DELETE /api/messages/:id', () => {
  it("changes only the caller's own view", async () => {
    const m = await sent();
    const starred = await h.as('instructor', 'PATCH', `/api/messages/${m.id}`, { isStarred: true, isArchived: true });
    expect(await starred.json()).toMatchObject({ isStarred: true, isArchived: true });
    expect((await list('student'))[0]).toMatchObject({ isStarred: false, isArchived: false });
    // the sender cannot mark the recipient's copy read
    await h.as('student', 'PATCH', `/api/messages/${m.id}`, { isRead: true, isStarred: true });
    expect((await list('instructor'))[0]).toMatchObject({ isRead: false, isStarred: true });
    expect((await list('student'))[0].isStarred).toBe(true);
    const read = await h.as('instructor', 'PATCH', `/api/messages/${m.id}`, { isRead: true });
    expect((await read.json()).isRead).toBe(true);
  });

  it('validates flags', async () => {
    const m = await sent();
    const res = await h.as('instructor', 'PATCH', `/api/messages/${m.id}`, { isStarred: 'yes' });
    expect(res.status).toBe(400);
    expect((await res.json()).fields.isStarred).toEqual(expect.any(String));
    expect((await list('instructor'))[0].isStarred).toBe(false);
  });

  it('deletes from one side only', async () => {
    const m = await sent();
    const res = await h.as('instructor', 'DELETE', `/api/messages/${m.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: m.id });
    expect(await list('instructor')).toEqual([]);
    expect((await list('student')).map((x: { id: string }) => x.id)).toEqual([m.id]);
    await h.as('student', 'DELETE', `/api/messages/${m.id}`);
    expect(await list('student')).toEqual([]);
  });

  it("hides other people's messages: 404 and nothing changes", async () => {
    const m = await sent();
    for (const role of ['director', 'administration', 'preceptor'] as const) {
      expect((await h.as(role, 'PATCH', `/api/messages/${m.id}`, { isStarred: true, isDeleted: true })).status).toBe(
        404,
      );
      expect((await h.as(role, 'DELETE', `/api/messages/${m.id}`)).status).toBe(404);
    }
    expect((await h.as('instructor', 'PATCH', '/api/messages/nope', { isStarred: true })).status).toBe(404);
    expect((await list('instructor'))[0]).toMatchObject({ id: m.id, isStarred: false });
    expect((await list('student'))[0]).toMatchObject({ id: m.id, isStarred: false });
  });

  it('is 401 signed out', async () => {
    const m = await sent();
    expect((await h.as(null, 'PATCH', `/api/messages/${m.id}`, { isStarred: true })).status).toBe(401);
    expect((await h.as(null, 'DELETE', `/api/messages/${m.id}`)).status).toBe(401);
  });
});
