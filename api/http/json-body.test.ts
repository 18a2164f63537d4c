/**
 * JSON routes take JSON only: a form or text/plain body (what another site's page can post without asking) is a 415
 * that changes nothing, while a write whose path says everything needs no body and no type.
 */
import { beforeEach, describe, expect, it } from 'vitest';

import { ERR } from '#schema/messages.ts';
import * as t from '#schema/tables.ts';

import { fingerprint, SAME_ORIGIN, TEST_PASSWORD, type TestApp, testApp } from '../test/helpers.ts';

let h: TestApp;
beforeEach(() => {
  h = testApp();
});

const message = () => ({ recipientId: h.users.student.id, subject: 'Shift swap', content: 'Can you cover Friday?' });
const post = async (path: string, body: BodyInit | undefined, headers: Record<string, string>) =>
  h.app.request(path, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, cookie: await h.login('director'), ...headers },
    body,
  });

describe('a JSON route', () => {
  it('answers 415 with a clear message to a body that is not sent as JSON, and stores nothing', async () => {
    const before = fingerprint(h.db);
    const asJson = JSON.stringify(message());
    const form = new FormData();
    for (const [k, v] of Object.entries(message())) form.append(k, v);
    const refused: [string, BodyInit, Record<string, string>][] = [
      ['text/plain', asJson, { 'content-type': 'text/plain' }],
      [
        'urlencoded form',
        new URLSearchParams(message()).toString(),
        { 'content-type': 'application/x-www-form-urlencoded' },
      ],
      ['multipart form', form, {}],
      ['no type', new TextEncoder().encode(asJson), {}],
      ['JSON look-alike', asJson, { 'content-type': 'application/jsonp' }],
    ];
    for (const [what, body, headers] of refused) {
      const res = await post('/api/messages', body, headers);
      expect(res.status, what).toBe(415);
      expect(await res.json(), what).toEqual({ error: ERR.jsonRequired });
    }
    expect(fingerprint(h.db)).toBe(before);
  });

  it('takes application/json with a charset, in any case', async () => {
    const res = await post('/api/messages', JSON.stringify(message()), {
      'content-type': 'Application/JSON; charset=UTF-8',
    });
    expect(res.status).toBe(201);
  });

  it('signs in only with a JSON body', async () => {
    const body = JSON.stringify({ email: 'director@test.local', password: TEST_PASSWORD });
    const plain = await h.app.request('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body,
    });
    expect(plain.status).toBe(415);
    expect(plain.headers.get('set-cookie')).toBeNull();
    const json = await h.app.request('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(json.status).toBe(200);
  });

  it('needs no body and no type where the path says everything (approving a request)', async () => {
    const fire = h.program({ name: 'FF I', type: 'fire' });
    const filed = await h.as('student', 'POST', '/api/requests/program-join', {
      programId: fire.id,
      justification: 'I want to train with this program',
    });
    expect(filed.status).toBe(201);
    const res = await post(`/api/requests/program-join/${(await filed.json()).id}/approve`, undefined, {});
    expect(res.status).toBe(200);
    expect(h.db.select().from(t.requests).get()!.status).toBe('approved');
  });
});
