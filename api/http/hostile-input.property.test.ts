/**
 * Generated hostile input (fast-check), shaped by each command's own zod schema: the right field names with values
 * of any type, near-valid values and junk. Sent as sync mutations and as REST bodies by a director (who may call
 * everything), it must never cause a 5xx or a stack trace, and a refused change must leave every record untouched.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

import { handlePush } from '#sync/server/push.ts';

import { COMMANDS } from '../commands/registry.ts';
import { fingerprint, SAME_ORIGIN, testApp } from '../test/helpers.ts';

const RUNS = Number(process.env.HOSTILE_RUNS ?? 25);
// each run walks every command or write route; 16 s alone on a loaded machine, near the default 20 s
const HOSTILE_TIMEOUT_MS = 60_000;

/** The object fields a schema declares (through refinements and pipes), to aim the generated values at them. */
function fieldNames(schema: z.ZodType): string[] {
  const def = (schema as unknown as { def?: { shape?: Record<string, unknown>; in?: z.ZodType } }).def;
  if (def?.shape) return Object.keys(def.shape);
  if (def?.in) return fieldNames(def.in);
  return [];
}

const junk = fc.oneof(
  fc.anything(),
  fc.string(),
  fc.string({ maxLength: 3 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(''),
  fc.uuid(),
  fc.array(fc.string(), { maxLength: 4 }),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  fc.constantFrom(
    '<img src=x onerror=alert(1)>',
    '../../etc/passwd',
    '\u0000',
    'x'.repeat(20_000),
    '1e309',
    '-1',
    '__proto__',
  ),
);

const bodyFor = (fields: string[]) =>
  fields.length
    ? fc.dictionary(
        fc.oneof(fc.constantFrom(...fields), fc.constantFrom('__proto__', 'constructor', 'role', 'id')),
        junk,
        { maxKeys: fields.length + 2 },
      )
    : fc.dictionary(fc.string(), junk, { maxKeys: 4 });

describe('hostile input generated from the shared schemas', () => {
  it(
    'every sync mutation: applied or rejected with a reason, never a crash, and a rejection changes no record',
    () => {
      const h = testApp({ standards: true });
      const actor = { id: h.users.director.id, role: 'director' as const };
      let nextId = 1;
      for (const [name, command] of COMMANDS) {
        fc.assert(
          fc.property(bodyFor(fieldNames(command.args)), (args) => {
            const before = fingerprint(h.db);
            const res = handlePush(
              h.db,
              actor,
              {
                pushVersion: 1,
                clientGroupId: 'g',
                clientId: 'hostile',
                mutations: [{ id: nextId, name, args, createdAt: '' }],
              },
              COMMANDS,
            );
            nextId++;
            const [result] = res.results;
            expect(['applied', 'rejected']).toContain(result.status);
            if (result.status === 'rejected') {
              expect(result.code, `${name} ${JSON.stringify(args).slice(0, 120)}`).not.toBe('ServerError');
              expect(fingerprint(h.db), name).toBe(before);
            }
          }),
          { numRuns: RUNS },
        );
      }
    },
    HOSTILE_TIMEOUT_MS,
  );

  it(
    'every REST write route: 4xx with a message or success, never 5xx or a stack trace, and a 4xx changes no record',
    async () => {
      const h = testApp({ standards: true });
      const cookie = await h.login('director');
      const commandFields = [...new Set([...COMMANDS.values()].flatMap((c) => fieldNames(c.args)))];
      const writes = [
        ...new Set(h.app.routes.filter((r) => !['ALL', 'GET'].includes(r.method)).map((r) => `${r.method} ${r.path}`)),
      ].filter((r) => !r.startsWith('POST /api/log'));
      for (const route of writes) {
        const [method, pattern] = route.split(' ');
        await fc.assert(
          fc.asyncProperty(bodyFor(commandFields), fc.uuid(), async (body, id) => {
            const path = pattern.replace(':kind', 'program-join').replace(/:[a-zA-Z]+/g, id);
            const before = fingerprint(h.db);
            const res = await h.app.request(path, {
              method,
              headers: { cookie, ...SAME_ORIGIN, 'content-type': 'application/json' },
              body: JSON.stringify(body),
            });
            const text = await res.text();
            expect(res.status, `${route} ${text.slice(0, 200)}`).toBeLessThan(500);
            expect(text).not.toMatch(/\n\s+at /);
            if (res.status >= 400) {
              expect(JSON.parse(text).error).toEqual(expect.any(String));
              expect(fingerprint(h.db), route).toBe(before);
            }
          }),
          { numRuns: Math.ceil(RUNS / 2) },
        );
      }
    },
    HOSTILE_TIMEOUT_MS,
  );
});
