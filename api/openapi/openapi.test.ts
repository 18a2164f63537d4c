import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { COMMANDS } from '#api/commands/registry.ts';
import { asSystem } from '#api/seed/standards.ts';
import { TEST_PASSWORD, testApp } from '#api/test/helpers.ts';
import { CASES, world } from '#api/test/route-cases.ts';
import * as t from '#schema/tables.ts';

import { fromToday, school } from '../routes/reports/test-fixtures.ts';
import { DOCUMENTED_ANSWERS } from './answer-schemas.ts';
import { apiOperations } from './document.ts';
import { DOCUMENTED_BODIES } from './request-schemas.ts';

interface JsonSchema {
  properties?: Record<string, unknown>;
  required?: string[];
}
type Content = Record<string, { schema: JsonSchema }>;
interface OperationDoc {
  requestBody?: { content: Content };
  responses: Record<string, { content?: Content }>;
}
type Doc = { openapi: string; paths: Record<string, Record<string, OperationDoc>> };

const document = async (h: ReturnType<typeof testApp>) => {
  const res = await h.as(null, 'GET', '/api/openapi.json');
  expect(res.status).toBe(200);
  return (await res.json()) as Doc;
};
const bodyOf = (doc: Doc, method: string, path: string) =>
  doc.paths[path][method].requestBody!.content['application/json'].schema;
/** Why a JSON value does not conform to a documented JSON Schema (zod's own reading of it), or undefined. */
const misfit = (schema: JsonSchema, value: unknown) => z.fromJSONSchema(schema as never).safeParse(value).error;
const docPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe('OpenAPI document', () => {
  it('lists every /api route the app answers, and nothing else', async () => {
    const h = testApp();
    const doc = await document(h);
    expect(doc.openapi).toBe('3.1.0');
    const routes = h.app.routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/'))
      .map((r) => `${r.method.toLowerCase()} ${r.path.replace(/:(\w+)/g, '{$1}')}`);
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));
    expect(new Set(documented)).toEqual(new Set(routes));
    for (const path of [
      '/api/clinical-hours',
      '/api/calendar/{file}',
      '/api/exports/programs/{id}',
      '/api/sync/push',
    ]) {
      expect(doc.paths[path]).toBeDefined();
    }
  });

  it('states what every route answers: no route falls back to a default', async () => {
    const doc = await document(testApp());
    const unstated = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => Object.keys(op.responses).every((status) => status === 'default'))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(unstated).toEqual([]);
  });

  it('documents the body of every route a call sends one to', async () => {
    const doc = await document(testApp());
    const ctx = world();
    const withBody = [
      ...CASES.filter((x) => x.body?.(ctx, x.allowed[0] ?? 'director') !== undefined).map((x) => x.route),
      'POST /api/login',
      'POST /api/sign-off-links/:token',
    ];
    const undocumented = withBody.filter((route) => {
      const [method, path] = route.split(' ');
      return !doc.paths[docPath(path)]?.[method.toLowerCase()]?.requestBody;
    });
    expect(undocumented).toEqual([]);
  });

  it('refuses an answer that drifted from its schema: a field added, dropped or retyped', async () => {
    const h = testApp({ standards: true });
    const { ana } = await school(h);
    const body = { studentId: ana.id, date: fromToday(-1), hoursCompleted: 4, hourType: 'clinical' };
    const res = await h.as('instructor', 'POST', '/api/clinical-hours', body);
    expect(res.status).toBe(201);
    const answer = (await res.json()) as Record<string, unknown>;
    const schema = (await document(h)).paths['/api/clinical-hours'].post.responses['201'].content!['application/json']
      .schema;
    expect(misfit(schema, answer)).toBeUndefined();

    expect(misfit(schema, { ...answer, surprise: 1 })?.issues[0].code).toBe('unrecognized_keys');
    const { clinicalSiteName: _dropped, ...without } = answer;
    expect(misfit(schema, without)?.issues[0].path).toEqual(['clinicalSiteName']);
    expect(misfit(schema, { ...answer, hoursCompleted: '4' })?.issues[0].path).toEqual(['hoursCompleted']);
  });

  it('documents a body and an answer only for routes that exist', () => {
    const h = testApp();
    const known = new Set(apiOperations(h.app as never).map((op) => `${op.method} ${op.path}`));
    for (const route of DOCUMENTED_ANSWERS) expect(known, route).toContain(route);
    for (const { route, command } of DOCUMENTED_BODIES) {
      expect(known, route).toContain(route);
      expect(COMMANDS.has(command), command).toBe(true);
    }
  });

  it("describes a write's body as the server checks it: a real call with it succeeds, one without a required field is refused by name", async () => {
    const h = testApp({ standards: true });
    const { ana } = await school(h);
    const doc = await document(h);
    const schema = bodyOf(doc, 'post', '/api/clinical-hours');
    const body = { studentId: ana.id, date: fromToday(-1), hoursCompleted: 4, hourType: 'clinical' };
    for (const key of schema.required ?? []) expect(body).toHaveProperty(key);
    for (const key of Object.keys(body)) expect(schema.properties).toHaveProperty(key);
    expect((await h.as('instructor', 'POST', '/api/clinical-hours', body)).status).toBe(201);

    expect(schema.required?.length).toBeGreaterThan(0);
    for (const missing of schema.required ?? []) {
      const { [missing as keyof typeof body]: _gone, ...rest } = body;
      const res = await h.as('instructor', 'POST', '/api/clinical-hours', rest);
      expect(res.status, missing).toBe(400);
      expect(((await res.json()) as { fields: Record<string, string> }).fields).toHaveProperty(missing);
    }
  });

  it('gives an update route the body it reads: the changes, without the id the path gives', async () => {
    const doc = await document(testApp());
    const update = bodyOf(doc, 'put', '/api/programs/{id}');
    expect(update.properties).toHaveProperty('name');
    expect(update.properties).not.toHaveProperty('id');
    expect(update.properties).not.toHaveProperty('changes');
  });

  it('has a readable page listing the operations, with no script from elsewhere', async () => {
    const res = await testApp().as(null, 'GET', '/api/openapi');
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('<code>/api/exports/programs/:id</code>');
    expect(page).not.toMatch(/<script/i);
  });

  describe('every documented route, called for real by a user who may call it', () => {
    let whole: Doc | undefined;
    /** The request sent and the answer got, checked against the route's operation in the document. */
    async function conforms(route: string, body: unknown, res: Response) {
      const [method, path] = route.split(' ');
      const doc = (whole ??= await document(testApp()));
      const op = doc.paths[docPath(path)]?.[method.toLowerCase()];
      expect(op, `${route} is documented`).toBeDefined();
      if (body instanceof FormData) {
        const schema = op.requestBody?.content['multipart/form-data']?.schema;
        expect(schema, `${route} documents its form`).toBeDefined();
        const fields = Object.fromEntries([...body.entries()].filter(([k]) => k !== 'file'));
        const { file: _file, ...properties } = schema!.properties ?? {};
        const asJson = { ...schema, properties, required: schema!.required?.filter((k) => k !== 'file') };
        expect(misfit(asJson, fields), `${route} form`).toBeUndefined();
      } else if (body !== undefined) {
        const schema = op.requestBody?.content['application/json']?.schema;
        expect(schema, `${route} documents its body`).toBeDefined();
        expect(misfit(schema!, body), `${route} body`).toBeUndefined();
      }
      const answer = op.responses[String(res.status)];
      expect(answer, `${route} answered ${res.status}, which it documents`).toBeDefined();
      const type = res.headers.get('content-type')?.split(';')[0] ?? '';
      const [documented, content] = Object.entries(answer.content ?? {})[0] ?? [];
      if (!documented) return expect(await res.text(), `${route} answers no body`).toBeFalsy();
      if (documented !== 'application/json') return expect(documented === '*/*' || type === documented).toBe(true);
      expect(type, route).toBe('application/json');
      expect(misfit(content!.schema, await res.json()), `${route} answer`).toBeUndefined();
    }

    /** Routes no role of the shared world may call: each gets what makes it callable. */
    const SET_UP: Record<string, (x: ReturnType<typeof world>) => { role: 'instructor' | 'director'; path: string }> = {
      // a sign-off given in the instructor's name is theirs to confirm
      'POST /api/sign-offs/:id/confirm': (x) => {
        const preceptor = { ...x.w.signOff.preceptor, contact: x.u.instructor.email };
        x.h.db.update(t.signOffs).set({ preceptor }).run();
        return { role: 'instructor', path: `/api/sign-offs/${x.w.signOff.id}/confirm` };
      },
      // a history file imported into the program waits for its attestation
      'POST /api/imports/:id/attest': (x) => {
        const batch = asSystem(x.h.db, 'fixture', (ctx) =>
          ctx.insert(t.importBatches, {
            programId: x.w.program.id,
            kind: 'hours',
            fileName: 'hours.csv',
            fileHash: '0'.repeat(64),
            rowCount: 0,
            mapping: {},
            importedBy: x.u.director.id,
          }),
        );
        return { role: 'director', path: `/api/imports/${batch.id}/attest` };
      },
    };

    for (const x of CASES) {
      it(x.route, async () => {
        const ctx = world();
        const [method] = x.route.split(' ');
        const setUp = SET_UP[x.route]?.(ctx);
        const role = setUp?.role ?? x.allowed[0];
        expect(role, `${x.route} has a role that may call it`).toBeDefined();
        const body = x.body?.(ctx, role);
        const res = await ctx.h.as(role, method, setUp?.path ?? x.path(ctx), body);
        expect(res.status, x.route).toBeLessThan(400);
        await conforms(x.route, body, res);
        // a read answers each role its own view (a student reads others' names only): every view conforms
        if (method !== 'GET' || setUp) return;
        for (const other of x.allowed.slice(1))
          await conforms(x.route, undefined, await ctx.h.as(other, method, x.path(ctx)));
      });
    }

    it('lists of every kind of row, each with rows in it', async () => {
      const { h, u, w } = world();
      const progress = {
        studentId: w.student.id,
        skillId: w.skill.id,
        status: 'in_progress',
        progressPercentage: 50,
        attempts: 1,
        successfulAttempts: 1,
        notes: 'Steady hands',
      };
      expect((await h.as('director', 'POST', '/api/student-skills', progress)).status).toBe(201);
      const signature = { kind: 'typed' as const, name: 'Fay Fto' };
      asSystem(h.db, 'fixture', (ctx) => {
        ctx.insert(t.requests, {
          kind: 'role-change',
          userId: u.instructor.id,
          programId: w.program.id,
          currentRole: 'instructor',
          requestedRole: 'director',
          justification: 'I run the program now',
        });
        ctx.insert(t.requests, {
          kind: 'clinical-time',
          userId: u.student.id,
          studentId: w.student.id,
          clinicalSiteId: w.site.id,
          startAt: `${w.tomorrow}T07:00:00.000Z`,
          endAt: `${w.tomorrow}T15:00:00.000Z`,
          requestedHours: 8,
          justification: 'Hours for my minimums',
        });
        ctx.insert(t.dors, {
          studentId: w.student.id,
          ftoId: u.instructor.id,
          date: '2026-02-01',
          ratings: { DRV: { rating: 4, comment: null } },
          fieldStamps: { narrative: { stamp: '1', by: u.instructor.id } },
          superseded: [{ field: 'narrative', value: 'was', by: u.student.id, stamp: '0', overBy: u.instructor.id }],
          status: 'completed',
          signatures: { complete: { by: u.instructor.id, at: '2026-02-01T18:00:00.000Z', signature } },
        });
        ctx.insert(t.importBatches, {
          programId: w.program.id,
          kind: 'hours',
          fileName: 'hours.csv',
          fileHash: '0'.repeat(64),
          rowCount: 0,
          mapping: {},
          importedBy: u.director.id,
        });
      });
      const lists = {
        'GET /api/student-skills': '/api/student-skills',
        'GET /api/student-skills/ems': '/api/student-skills/ems',
        'GET /api/student-skills/history': `/api/student-skills/history?studentId=${w.student.id}&skillId=${w.skill.id}`,
        'GET /api/requests/:kind': ['program-join', 'role-change', 'preceptor', 'clinical-time'].map(
          (k) => `/api/requests/${k}`,
        ),
        'GET /api/dors': '/api/dors',
        'GET /api/task-books': '/api/task-books',
        'GET /api/jpr-sign-offs': '/api/jpr-sign-offs',
        'GET /api/imports': `/api/imports?programId=${w.program.id}`,
      };
      for (const [route, paths] of Object.entries(lists)) {
        for (const path of [paths].flat()) {
          const res = await h.as('director', 'GET', path);
          expect(((await res.clone().json()) as unknown[]).length, path).toBeGreaterThan(0);
          await conforms(route, undefined, res);
        }
      }
    });

    it('the public routes: health, sign-in and out, the session, the demo, links, the feed, this document', async () => {
      const { h, w } = world();
      const get = (path: string) => h.as(null, 'GET', path);
      await conforms('GET /api/health', undefined, await get('/api/health'));
      await conforms('GET /api/login', undefined, await get('/api/login'));
      const credentials = { email: 'student@test.local', password: TEST_PASSWORD };
      await conforms('POST /api/login', credentials, await h.as(null, 'POST', '/api/login', credentials));
      await conforms('GET /api/auth/session', undefined, await h.as('student', 'GET', '/api/auth/session'));
      const feed = await (await h.as('student', 'POST', '/api/calendar-feed')).json();
      await conforms('GET /api/calendar/:file', undefined, await get(new URL(feed.url).pathname));
      const link = await (await h.as('director', 'POST', `/api/sign-offs/${w.signOff.id}/link`)).json();
      const token = new URL(link.url).pathname.split('/').at(-1)!;
      await conforms('GET /api/sign-off-links/:token', undefined, await get(`/api/sign-off-links/${token}`));
      const decision = { decision: 'confirm' };
      const decided = await h.as(null, 'POST', `/api/sign-off-links/${token}`, decision);
      await conforms('POST /api/sign-off-links/:token', decision, decided);
      await conforms('GET /api/openapi.json', undefined, await get('/api/openapi.json'));
      await conforms('GET /api/openapi', undefined, await get('/api/openapi'));
      await conforms('POST /api/logout', undefined, await h.as('student', 'POST', '/api/logout'));
      await conforms('GET /api/logout', undefined, await h.as('director', 'GET', '/api/logout'));

      const demo = testApp({ demo: true });
      asSystem(demo.db, 'fixture', (ctx) =>
        ctx.insert(t.users, { email: 'director@demo.test', firstName: 'D', lastName: 'D', role: 'director' }),
      );
      const local = { incoming: { socket: { remoteAddress: '127.0.0.1', remoteFamily: 'IPv4' } } };
      await conforms('GET /api/demo/user', undefined, await demo.app.request('/api/demo/user', {}, local));
    });
  });
});
