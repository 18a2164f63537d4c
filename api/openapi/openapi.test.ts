import { describe, expect, it } from 'vitest';

import { COMMANDS } from '#api/commands/registry.ts';
import { testApp } from '#api/test/helpers.ts';

import { fromToday, school } from '../routes/reports/test-fixtures.ts';
import { apiOperations } from './document.ts';
import { DOCUMENTED_BODIES } from './request-schemas.ts';

interface JsonSchema {
  properties?: Record<string, unknown>;
  required?: string[];
}
type Doc = {
  openapi: string;
  paths: Record<string, Record<string, { requestBody?: { content: { 'application/json': { schema: JsonSchema } } } }>>;
};

const document = async (h: ReturnType<typeof testApp>) => {
  const res = await h.as(null, 'GET', '/api/openapi.json');
  expect(res.status).toBe(200);
  return (await res.json()) as Doc;
};
const bodyOf = (doc: Doc, method: string, path: string) =>
  doc.paths[path][method].requestBody!.content['application/json'].schema;

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

  it('documents a body only for routes that exist', () => {
    const h = testApp();
    const known = new Set(apiOperations(h.app as never).map((op) => `${op.method} ${op.path}`));
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
});
