/**
 * The OpenAPI 3.1 document of the app's /api routes, generated from the app itself: every route Hono registered is an
 * operation, a write's body schema is the zod schema the route checks it with, and each answer's is the zod schema
 * from schema/ its handler's type is checked against, each through zod's own `z.toJSONSchema` (JSON Schema 2020-12,
 * OpenAPI 3.1's dialect). Nothing here is written by hand but the summary of the API.
 */
import type { Hono } from 'hono';
import { z } from 'zod';

import { errorAnswerSchema } from '#schema/api-answers.ts';

import { type Answer, type Answers, answersOf, isFile } from './answer-schemas.ts';
import { type BodySchema, bodySchemaOf } from './request-schemas.ts';

/** Requests and answers of routes whose schemas this folder may not import (the sync protocol's). */
export interface ApiContracts {
  bodies: Record<string, BodySchema>;
  answers: Record<string, Answers>;
}
const NONE: ApiContracts = { bodies: {}, answers: {} };

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

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
};

/** The body's JSON Schema without the fields the path gives (the route adds them from the path). */
function bodyJsonSchema(schema: z.ZodType, fromPath: string[]) {
  const json = jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  if (!json.properties) return json;
  const properties = Object.fromEntries(Object.entries(json.properties).filter(([k]) => !fromPath.includes(k)));
  const required = json.required?.filter((k) => !fromPath.includes(k));
  return { ...json, properties, ...(required ? { required } : {}) };
}

function requestBody(body: BodySchema, params: string[]) {
  const schema = bodyJsonSchema(body.schema, [...params, ...body.fromPath]);
  if (!body.form) return { required: true, content: { 'application/json': { schema } } };
  const withFile = {
    ...schema,
    properties: { ...(schema.properties ?? {}), file: { type: 'string', format: 'binary' } },
  };
  return { required: true, content: { 'multipart/form-data': { schema: withFile } } };
}

function answerObject(status: number, answer: Answer) {
  const description = status === 201 ? 'Made' : status >= 300 ? 'Redirect or nothing' : 'Done';
  if (answer === null) return { description };
  if (isFile(answer))
    return { description, content: { [answer.file]: { schema: { type: 'string', format: 'binary' } } } };
  return { description, content: { 'application/json': { schema: jsonSchema(answer, 'output') } } };
}

const ERROR_ANSWER = {
  description: 'Refused: 400 names each bad field, 401 signed out, 403 not allowed, 404 unknown or not visible',
  content: { 'application/json': { schema: jsonSchema(errorAnswerSchema, 'output') } },
};

function operationObject({ method, path }: Operation, extra: ApiContracts) {
  const params = parametersOf(path);
  const body = bodySchemaOf(method, path, extra.bodies);
  // a route without its answers listed documents only its refusals (the OpenAPI test names it)
  const answers = Object.entries(answersOf(method, path, extra.answers) ?? {}).map(([status, answer]) => [
    status,
    answerObject(Number(status), answer),
  ]);
  return {
    operationId: `${method.toLowerCase()}${openApiPath(path).replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string = '') => c.toUpperCase())}`,
    tags: [path.split('/')[2]],
    ...(params.length
      ? { parameters: params.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })) }
      : {}),
    ...(body ? { requestBody: requestBody(body, params) } : {}),
    responses: { ...Object.fromEntries(answers), default: ERROR_ANSWER },
  };
}

export function openApiDocument(app: Hono<never>, extra: ApiContracts = NONE) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of apiOperations(app)) {
    (paths[openApiPath(op.path)] ??= {})[op.method.toLowerCase()] = operationObject(op, extra);
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
