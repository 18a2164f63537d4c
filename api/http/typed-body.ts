/**
 * Declares a route's JSON body to hono/client, so a screen's typed call (web/lib/api.ts `apiClient`) fails the
 * typecheck when what it sends drifts from what the route's command accepts. Types only: each passes every request
 * on untouched, and the command's schema still checks the body as before.
 */
import type { MiddlewareHandler } from 'hono';
import type { z } from 'zod';

import type { Command } from '#api/commands/command.ts';

import type { Env } from './context.ts';

type Body<T> = MiddlewareHandler<Env, string, { in: { json: T } }>;

/** The body is `T` (a form the route turns into a command's arguments itself). */
export const jsonBody =
  <T>(): Body<T> =>
  (_c, next) =>
    next();

/** The body is the command's whole arguments, less those the route takes from the path (`fromPath`). */

export const argsBody = <S extends z.ZodType, K extends string = never>(_command: Command<S>, ..._fromPath: K[]) =>
  jsonBody<DistributiveOmit<z.input<S>, K>>();

/** The body is the `changes` argument of the command (an update: the path gives the id). */

export const changesBody = <S extends z.ZodType>(_command: Command<S>) => jsonBody<ChangesOf<z.input<S>>>();

type ChangesOf<Args> = Args extends { changes: infer C } ? C : never;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The query a route reads, as `schema` checks it: each field a string, as a URL carries it. */

export const typedQuery =
  <S extends z.ZodType>(_schema: S): MiddlewareHandler<Env, string, { in: { query: QueryOf<z.input<S>> } }> =>
  (_c, next) =>
    next();

type QueryOf<T> = { [K in keyof T]: undefined extends T[K] ? string | undefined : string };

/** A multipart upload: the fields `schema` checks, each a string as a form carries it, and the `file` itself. */

export const uploadForm =
  <S extends z.ZodType>(
    _schema: S,
  ): MiddlewareHandler<Env, string, { in: { form: QueryOf<z.input<S>> & { file: File } } }> =>
  (_c, next) =>
    next();
