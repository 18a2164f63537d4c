import { beforeEach, describe, expect, it } from 'vitest';

import { ERR } from '#schema/messages.ts';
import { WRITE_QUOTAS } from '#schema/quotas.ts';
import * as t from '#schema/tables.ts';

import { COMMANDS } from '../commands/registry.ts';
import { type TestApp, testApp } from '../test/helpers.ts';
import { replaceQuotas, WriteQuotas } from './quotas.ts';

let clock: number;
let quotas: WriteQuotas;
beforeEach(() => {
  clock = Date.parse('2026-03-02T08:00:00Z');
  quotas = new WriteQuotas(() => clock);
});

const send = (n: number, user = 'u1', everyMs = 0) => {
  for (let i = 0; i < n; i++) {
    expect(quotas.retryAfter(user, 'sendMessage')).toBe(0);
    quotas.spend(user, 'sendMessage');
    clock += everyMs;
  }
};

describe('write quotas', () => {
  it('allow 30 messages a minute; the 31st waits until the oldest of them is a minute old', () => {
    send(30, 'u1', 1000);
    expect(quotas.retryAfter('u1', 'sendMessage')).toBe(30);
    clock += 29_000;
    expect(quotas.retryAfter('u1', 'sendMessage')).toBe(1);
    clock += 1000;
    expect(quotas.retryAfter('u1', 'sendMessage')).toBe(0);
  });

  it('allow 300 messages an hour however they are spread', () => {
    for (let minute = 0; minute < 10; minute++) {
      send(30);
      clock += 60_000;
    }
    expect(quotas.retryAfter('u1', 'sendMessage')).toBe(3600 - 600);
    expect(() => quotas.check('u1', 'sendMessage')).toThrow(ERR.tooManyChanges);
  });

  it('count per user and per kind; writes without a quota and refused writes are never held back', () => {
    send(30);
    expect(quotas.retryAfter('u1', 'sendMessage')).toBeGreaterThan(0);
    expect(quotas.retryAfter('u2', 'sendMessage')).toBe(0);
    expect(quotas.retryAfter('u1', 'fileProgramJoinRequest')).toBe(0);
    for (let i = 0; i < 1000; i++) quotas.spend('u1', 'recordSkillProgress');
    expect(quotas.retryAfter('u1', 'recordSkillProgress')).toBe(0);
    for (let i = 0; i < 10; i++) quotas.check('u3', 'fileProgramJoinRequest');
    expect(quotas.retryAfter('u3', 'fileProgramJoinRequest')).toBe(0);
  });

  it('name only commands that exist', () => {
    for (const { commands } of Object.values(WRITE_QUOTAS))
      for (const name of commands) expect(COMMANDS.has(name), name).toBe(true);
  });
});

describe('REST writes over a quota', () => {
  let h: TestApp;
  beforeEach(() => {
    h = testApp();
    replaceQuotas(h.db, quotas);
  });
  const post = (subject: string, recipientId = h.users.instructor.id) =>
    h.as('student', 'POST', '/api/messages', { recipientId, subject, content: 'x'.repeat(5000) });
  const subjects = () =>
    h.db
      .select({ subject: t.messages.subject })
      .from(t.messages)
      .all()
      .map((m) => m.subject);

  it('answer 429 with Retry-After and store nothing; the same write goes through once the wait is over', async () => {
    for (let i = 1; i <= 30; i++) expect((await post(`m${i}`)).status).toBe(201);
    const refused = await post('m31');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await refused.json()).toEqual({ error: ERR.tooManyChanges });
    expect(subjects()).toHaveLength(30);
    expect(subjects()).not.toContain('m31');
    expect(
      (
        await h.as('instructor', 'POST', '/api/messages', {
          recipientId: h.users.student.id,
          subject: 'reply',
          content: 'ok',
        })
      ).status,
    ).toBe(201);
    clock += 60_000;
    expect((await post('m31')).status).toBe(201);
  });

  it('do not count refused writes', async () => {
    for (let i = 0; i < 40; i++) expect((await post('to nobody', 'no-such-user')).status).toBe(400);
    expect((await post('fine')).status).toBe(201);
  });
});
