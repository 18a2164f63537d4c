/**
 * The OpenAPI 3.1 document of the app's /api routes, generated from the app itself: every route Hono registered is an
 * operation, and a write's body schema is its command's zod schema through zod's own `z.toJSONSchema` (JSON Schema
 * 2020-12, OpenAPI 3.1's dialect). Nothing here is written by hand but the summary of the API.
 */
import type { Hono } from 'hono';
import { z } from 'zod';

import { bodySchemaOf } from './request-schemas.ts';

interface Operation {
  method: string;
  /** Hono's path, `:id` for parameters. */
  path: string;
}

/** The app's /api operations, each once (Hono lists a path once per route module that declares it). */
export function apiOperations(app: Hono<never>): Operation[] {
  const seen = new Map<string, Operation>();
  for (const { method, path } of app.routes) {
    if (method === 'ALL' || !path.startsWith('/api/') || path.includes('*')) continue;
    seen.set(`${method} ${path}`, { method, path });
  }
  return [...seen.values()];
}

const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)(\{[^}]*\})?/g, '{$1}');
const parametersOf = (path: string) => [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);

/** The body's JSON Schema without the fields the path gives (the route adds them from the path). */
function bodyJsonSchema(schema: z.ZodType, fromPath: string[]) {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
    required?: string[];
  } & Record<string, unknown>;
  const { $schema: _dialect, ...rest } = json;
  if (!rest.properties) return rest;
  const properties = Object.fromEntries(Object.entries(rest.properties).filter(([k]) => !fromPath.includes(k)));
  const required = rest.required?.filter((k) => !fromPath.includes(k));
  return { ...rest, properties, ...(required ? { required } : {}) };
}

const ERROR_ANSWER = {
  description: 'Refused: 400 names each bad field, 401 signed out, 403 not allowed, 404 unknown or not visible',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: { error: { type: 'string' }, fields: { type: 'object', additionalProperties: { type: 'string' } } },
        required: ['error'],
      },
    },
  },
};

function operationObject({ method, path }: Operation) {
  const params = parametersOf(path);
  const body = bodySchemaOf(method, path);
  return {
    operationId: `${method.toLowerCase()}${openApiPath(path).replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string = '') => c.toUpperCase())}`,
    tags: [path.split('/')[2]],
    ...(params.length
      ? { parameters: params.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })) }
      : {}),
    ...(body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: bodyJsonSchema(body.schema, [...params, ...body.fromPath]) } },
          },
        }
      : {}),
    responses: { '200': { description: 'Done' }, default: ERROR_ANSWER },
  };
}

export function openApiDocument(app: Hono<never>) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of apiOperations(app)) {
    (paths[openApiPath(op.path)] ??= {})[op.method.toLowerCase()] = operationObject(op);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Public Safety Training Records API',
      version: '1',
      description:
        'JSON in and out; the session cookie from POST /api/login authenticates. Writes need Content-Type: application/json and a same-origin Origin.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    paths,
  };
}
