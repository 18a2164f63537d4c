/**
 * Runs prepare.ts in a worker thread, so that reading and checking a 10,000-row file (seconds of CPU) does not hold the
 * server's one thread: every phone's sync and desk request waited behind it. The write itself stays one transaction on
 * the main connection (better-sqlite3 is synchronous, and a second connection writing would only make the main one's
 * writes wait). One worker for the process, started at the first import and kept; it keeps the process alive only
 * while a job waits on it.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

import { AppError, type ErrorStatus } from '#api/http/errors.ts';
import type { ImportInspection } from '#schema/roster-import.ts';

import type { InspectInput, PreparedFile, PrepareInput } from './prepare.ts';

type Job = { op: 'inspect'; input: InspectInput } | { op: 'prepare'; input: PrepareInput };
export type WorkerJob = Job & { id: number };
/** A job's answer (sent as JSON): its result, the refusal a user sees (bad input), or a failure (a bug: a 500). */
export interface WorkerAnswer {
  id: number;
  result?: unknown;
  refused?: { status: ErrorStatus; message: string; fields?: Record<string, string> };
  failed?: string;
}

/**
 * The worker's code: tsx's loader, then import-worker.ts. The app runs from its TypeScript sources under tsx (`npm
 * start`, `npm run serve`, the e2e server) or vitest, and a worker inherits neither (Node 20 does not apply a parent's
 * `--import` to a worker's own modules), so the worker registers tsx itself, found through tsx's package exports.
 */
function workerSource() {
  const require = createRequire(import.meta.url);
  const tsxPackage = require.resolve('tsx/package.json');
  const { exports } = require('tsx/package.json') as { exports: { './esm/api': { import: { default: string } } } };
  const tsxApi = new URL(exports['./esm/api'].import.default, pathToFileURL(tsxPackage)).href;
  const entry = new URL('./import-worker.ts', import.meta.url).href;
  return `const { register } = await import(${JSON.stringify(tsxApi)});
register();
await import(${JSON.stringify(entry)});`;
}

let worker: Worker | undefined;
const waiting = new Map<number, { resolve: (result: unknown) => void; reject: (e: Error) => void }>();
let lastId = 0;

function failAll(error: Error) {
  for (const job of waiting.values()) job.reject(error);
  waiting.clear();
}

function settle({ id, result, refused, failed }: WorkerAnswer) {
  const job = waiting.get(id);
  if (!job) return;
  waiting.delete(id);
  if (waiting.size === 0) worker?.unref();
  if (refused) job.reject(new AppError(refused.status, refused.message, refused.fields));
  else if (failed !== undefined) job.reject(new Error(`import worker: ${failed}`));
  else job.resolve(result);
}

function importWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(workerSource(), { eval: true });
  started.on('message', (answer: string) => settle(JSON.parse(answer) as WorkerAnswer));
  // a worker that crashed or was stopped fails its jobs (500s) and is started afresh for the next import
  started.on('error', (e) => failAll(e));
  started.on('exit', (code) => {
    if (worker === started) worker = undefined;
    failAll(new Error(`import worker exited with code ${code}`));
  });
  started.unref();
  return (worker = started);
}

function run<R>(job: Job): Promise<R> {
  const thread = importWorker();
  const id = ++lastId;
  const answer = new Promise<R>((resolve, reject) =>
    waiting.set(id, { resolve: resolve as (r: unknown) => void, reject }),
  );
  thread.ref();
  thread.postMessage({ ...job, id });
  return answer;
}

/** inspectFile (prepare.ts) in the worker. */
export const inspectOffThread = (input: InspectInput) => run<ImportInspection>({ op: 'inspect', input });

/** prepareImport (prepare.ts) in the worker. */
export const prepareOffThread = (input: PrepareInput) => run<PreparedFile>({ op: 'prepare', input });
