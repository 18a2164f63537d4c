/**
 * The client sync engine. `mutate` validates with the shared schema and, in ONE Dexie transaction, applies the
 * optimistic effect, takes the next mutation id and appends to the outbox, so a crash can never keep a change
 * without its outbox entry or the reverse. `sync` pushes the outbox in order and pulls what changed, with
 * backoff on network errors and 5xx, a wait as long as the server asks when it answers 429 (too many changes at once),
 * a pause (queue kept) when the session has ended, and one tab at a time.
 */
import type { FieldStamps } from '#schema/assessment-fields.ts';
import { MAX_PUSH_MUTATIONS } from '#schema/enums.ts';
import { createHlcClock, type Hlc, type HlcClock } from '#schema/hlc.ts';

import type { Cookie, MutationResult, PatchOp, PullResponse, PushResponse } from '../protocol.ts';
import { MUTATION_ARGS_VERSION, PROTOCOL_VERSION, VERSION_NOT_SUPPORTED } from '../protocol-version.ts';
import { DOMAIN_TABLES, type DomainTable, type OutboxEntry, type Row, type TrainingDb } from './db.ts';
import { LocalWriter, rewind } from './local-writer.ts';
import type { MutationArgs, MutationName, MutatorContext } from './mutators.ts';
import { noteOpened, openedStudents } from './opened-students.ts';
import { TouchedStudents } from './student-figures.ts';

/**
 * Applied mutations whose mutator has an `afterPull`, kept until the next pull shows the server's rows (the key's name
 * predates the hook: assessment edits were the first).
 */
const AWAITING_PULL = 'assessmentEditsAwaitingPull';
/**
 * The mutators carry every write's zod schema; they load on first use rather than with the first screen (bench:web).
 * Awaited before any Dexie transaction, since awaiting a module load inside one would end it.
 */
type Mutators = (typeof import('./mutators.ts'))['MUTATORS'];
class MutatorsNotLoaded extends Error {}
/** A write the device refuses as it is queued, by the server's rule (a mutator's `refuse`): nothing is stored. */
export class MutationRefused extends Error {}
let mutatorsModule: Promise<typeof import('./mutators.ts')> | undefined;
/** Set once loaded: by the shell's preload, by mutate, or by a pull that finds changes queued. */
let loadedMutators: Mutators | undefined;
async function loadMutators(): Promise<Mutators> {
  if (loadedMutators) return loadedMutators;
  try {
    return (loadedMutators = (await (mutatorsModule ??= import('./mutators.ts'))).MUTATORS);
  } catch (e) {
    // a load that failed (no signal before the service worker stored the app) is tried again at the next write
    mutatorsModule = undefined;
    throw e;
  }
}

/**
 * Fetches the writes' code ahead of the first write, so a write made after the signal goes, before the service worker
 * has stored the whole app, still saves (app-shell.tsx preloads it with the field screens). True once loaded.
 */
export const preloadWrites = () =>
  loadMutators().then(
    () => true,
    () => false,
  );

export type SyncPhase =
  'idle' | 'pushing' | 'pulling' | 'in-sync' | 'paused' | 'offline' | 'error' | 'signed-out' | 'update-required';

export interface SyncStatus {
  phase: SyncPhase;
  lastSyncedAt: string | null;
  error: string | null;
}

export interface SyncEngineOptions {
  db: TrainingDb;
  userId: string;
  /** fetch, or a stand-in (tests route it through a faulty network to the real server code). */
  fetch?: (path: string, init: RequestInit) => Promise<Response>;
  batchSize?: number;
  random?: () => number;
  now?: () => Date;
  /** Called when the server says the session ended; the queue is kept. */
  onSignedOut?: () => void;
  /** Retry failed rounds by itself with backoff (tests that drive every round turn this off). */
  autoRetry?: boolean;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
class SignedOut extends Error {}
/** The server asked the device to wait before sending more (429): the queue is kept and sent again after `seconds`. */
class SendingPaused extends Error {
  constructor(readonly seconds: number) {
    super(
      `Sending paused for ${seconds < 120 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`}: too many changes at once`,
    );
  }
}
/** Retry-After in seconds; a missing or unreadable one waits a minute. */
const retryAfterSeconds = (header: string | null) => (Number(header) > 0 ? Math.ceil(Number(header)) : 60);

const MAX_BACKOFF_MS = 60_000;

export class SyncEngine {
  readonly db: TrainingDb;
  private readonly userId: string;
  private readonly fetchFn: (path: string, init: RequestInit) => Promise<Response>;
  private readonly batchSize: number;
  private readonly random: () => number;
  private readonly now: () => Date;
  private readonly onSignedOut?: () => void;
  private readonly autoRetry: boolean;
  private running: Promise<SyncPhase> | null = null;
  private again = false;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private timedPullHolds = 0;
  private clock: HlcClock | null = null;

  constructor(options: SyncEngineOptions) {
    this.db = options.db;
    this.userId = options.userId;
    this.fetchFn = options.fetch ?? ((path, init) => fetch(path, { ...init, credentials: 'include' }));
    this.batchSize = Math.min(options.batchSize ?? MAX_PUSH_MUTATIONS, MAX_PUSH_MUTATIONS);
    this.random = options.random ?? Math.random;
    this.now = options.now ?? (() => new Date());
    this.onSignedOut = options.onSignedOut;
    this.autoRetry = options.autoRetry ?? true;
  }

  private async clientId(): Promise<string> {
    let id = await this.db.getMeta<string>('clientId');
    if (!id) {
      id = crypto.randomUUID();
      await this.db.setMeta('clientId', id);
    }
    return id;
  }

  /**
   * A clock stamp for a judgement edit (editSkillAssessment's `stamp`, taken when the user saves), later than every
   * stamp this device made or pulled.
   */
  async stamp(): Promise<Hlc> {
    return (await this.hlc()).tick();
  }

  private async hlc(): Promise<HlcClock> {
    this.clock ??= createHlcClock(await this.clientId(), () => this.now().getTime());
    return this.clock;
  }

  /** Queues a change and shows it at once. Throws the zod error for invalid input (nothing is written then). */
  async mutate<N extends MutationName>(
    name: N,
    input: MutationArgs<N>,
  ): Promise<{ mutationId: number; args: MutationArgs<N> }> {
    const m = (await loadMutators())[name];
    const args = (
      m.creates && !(input as { id?: string }).id ? { ...input, id: crypto.randomUUID() } : input
    ) as MutationArgs<N>;
    const parsed = m.args.parse(args);
    await this.clientId();
    const ctx: MutatorContext = { userId: this.userId, now: this.now().toISOString() };
    const mutationId = await this.db.transaction('rw', this.db.tables, async () => {
      const id = (await this.db.getMeta<number>('nextMutationId')) ?? 1;
      await this.db.setMeta('nextMutationId', id + 1);
      const writer = new LocalWriter(this.db);
      const refused = await m.refuse?.(writer, parsed as never, ctx);
      if (refused) throw new MutationRefused(refused);
      await m.apply?.(writer, parsed as never, ctx);
      await writer.touched.refresh(this.db);
      await this.db.outbox.add({
        mutationId: id,
        name,
        args,
        createdAt: ctx.now,
        argsVersion: MUTATION_ARGS_VERSION,
        entityKeys: m.entityKeys(parsed as never),
      });
      return id;
    });
    return { mutationId, args };
  }

  /**
   * Push and pull. Calls made while a round runs share it, and one more round follows if any came in meanwhile;
   * the returned promise settles after that follow-up too, so no round is ever left running unobserved.
   */
  sync(): Promise<SyncPhase> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let phase: SyncPhase;
      do {
        this.again = false;
        phase = await this.withLock(() => this.round());
      } while (this.again);
      return phase;
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async withLock<T>(fn: () => Promise<T>): Promise<T> {
    const locks = (globalThis.navigator as Navigator | undefined)?.locks;
    if (!locks) return fn();
    return locks.request(`training-records-sync-${this.userId}`, fn);
  }

  /** A push paused by the server still pulls: the device keeps receiving others' changes while its own wait their turn. */
  private async round(): Promise<SyncPhase> {
    try {
      const paused = await this.pushAll().then(
        () => null,
        (e) => (e instanceof SendingPaused ? e : Promise.reject(e)),
      );
      await this.setStatus({ phase: 'pulling' });
      await this.pull();
      this.failures = 0;
      const lastSyncedAt = this.now().toISOString();
      if (paused) return this.pause(paused, lastSyncedAt);
      await this.setStatus({ phase: 'in-sync', error: null, lastSyncedAt });
      return 'in-sync';
    } catch (e) {
      return this.failed(e);
    }
  }

  /** Waits as long as the server asked, without counting it as a failure; the queue is kept. */
  private async pause(e: SendingPaused, lastSyncedAt?: string): Promise<SyncPhase> {
    await this.setStatus({ phase: 'paused', error: e.message, ...(lastSyncedAt && { lastSyncedAt }) });
    this.scheduleRetry(e.seconds * 1000);
    return 'paused';
  }

  private async failed(e: unknown): Promise<SyncPhase> {
    if (e instanceof SendingPaused) return this.pause(e);
    if (e instanceof SignedOut) {
      await this.setStatus({ phase: 'signed-out', error: 'Your session ended. Sign in again to send your changes.' });
      this.onSignedOut?.();
      return 'signed-out';
    }
    if (e instanceof HttpError && e.message === VERSION_NOT_SUPPORTED) {
      await this.setStatus({
        phase: 'update-required',
        error: 'A new version of the app is needed to sync. Reload the page.',
      });
      return 'update-required';
    }
    const offline = !(e instanceof HttpError);
    await this.setStatus({ phase: offline ? 'offline' : 'error', error: e instanceof Error ? e.message : String(e) });
    this.scheduleRetry();
    return offline ? 'offline' : 'error';
  }

  /** Exponential backoff with jitter: 1 s, 2 s, 4 s... up to a minute, each 50-100% of that. */
  retryDelay(failures: number): number {
    return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** failures) * (0.5 + this.random() * 0.5);
  }

  /** After the backoff, or after `serverWait` ms when the server said how long to wait (that replaces a planned retry). */
  private scheduleRetry(serverWait?: number) {
    if (!this.autoRetry || (serverWait === undefined && this.retryTimer)) return;
    this.cancelRetry();
    const delay = serverWait ?? this.retryDelay(this.failures++);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.sync().catch(() => undefined);
    }, delay);
  }

  cancelRetry() {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  /**
   * Stops the triggers' timed pulls (skill entry's Auto-refresh switched off) until the returned function is called.
   * Writes are still sent, and coming online or back to the page still syncs: only the clock stops pulling.
   */
  holdTimedPulls(): () => void {
    this.timedPullHolds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.timedPullHolds--;
    };
  }

  get timedPullsHeld(): boolean {
    return this.timedPullHolds > 0;
  }

  private async post<T>(path: string, body: unknown): Promise<T> {
    const res = await this.fetchFn(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status === 401) throw new SignedOut();
    if (res.status === 429) throw new SendingPaused(retryAfterSeconds(res.headers.get('retry-after')));
    const data = (await res.json().catch(() => ({}))) as T & { error?: string };
    if (!res.ok) throw new HttpError(res.status, data.error ?? `${res.status}`);
    return data;
  }

  private async pushAll() {
    for (let first = true; ; first = false) {
      const batch = await this.db.outbox.orderBy('mutationId').limit(this.batchSize).toArray();
      if (batch.length === 0) return;
      // only a round with something to send says so: each status written runs the screens' queries of it again
      if (first) await this.setStatus({ phase: 'pushing' });
      const res = await this.post<PushResponse>('/api/sync/push', {
        pushVersion: PROTOCOL_VERSION,
        clientGroupId: this.userId,
        clientId: await this.clientId(),
        mutations: batch.map(({ mutationId, name, args, createdAt, argsVersion }) => ({
          id: mutationId,
          name,
          args,
          createdAt,
          argsVersion,
        })),
      });
      await this.settle(batch, res.results, await loadMutators());
      if (res.error === 'OutOfOrder' && res.lastMutationId === 0 && (await this.startAsNewClient())) continue;
      if (res.error === 'OutOfOrder')
        throw new HttpError(409, 'The server is missing earlier changes from this device');
      // a server that answered part of the batch stopped for time; the next push carries the rest
      if (res.results.length === 0) return;
    }
  }

  /**
   * The server holds no counter for this device (it forgets the least recently used past MAX_SYNC_CLIENTS_PER_USER of
   * a user), yet the queue starts past 1. The device takes a new client id and numbers its queue again from 1, so
   * the queued changes are sent rather than refused for ever. False when the queue already starts at 1 (renumbering
   * would change nothing). Pulls go on from the same cookie: what the device holds is still true.
   */
  private async startAsNewClient(): Promise<boolean> {
    return this.db.transaction('rw', this.db.outbox, this.db.meta, async () => {
      const queue = await this.db.outbox.orderBy('mutationId').toArray();
      if (queue.length === 0 || queue[0].mutationId === 1) return false;
      // in order, each id only falls and stays above those already given, so none collides (mutationId is unique)
      for (const [i, entry] of queue.entries()) await this.db.outbox.update(entry.seq!, { mutationId: i + 1 });
      await this.db.setMeta('nextMutationId', queue.length + 1);
      await this.db.setMeta('clientId', crypto.randomUUID());
      return true;
    });
  }

  /**
   * Applied and duplicate-of-applied entries leave the outbox; rejected ones move to the needs-attention list. An
   * applied entry whose mutator has an `afterPull` is kept aside until the next pull shows the server's rows.
   */
  private async settle(batch: OutboxEntry[], results: MutationResult[], mutators: Mutators) {
    const byId = new Map(batch.map((e) => [e.mutationId, e]));
    await this.db.transaction('rw', this.db.outbox, this.db.rejected, this.db.meta, async () => {
      const awaiting: OutboxEntry[] = [];
      for (const r of results) {
        const entry = byId.get(r.id);
        if (!entry) continue;
        if (r.status === 'rejected' || r.original === 'rejected') await this.reject(entry, r);
        else if (mutators[entry.name as MutationName]?.afterPull) awaiting.push(entry);
        await this.db.outbox.where('mutationId').equals(r.id).delete();
      }
      if (awaiting.length > 0) await this.db.setMeta(AWAITING_PULL, [...(await this.awaitingPull()), ...awaiting]);
    });
  }

  private async awaitingPull(): Promise<OutboxEntry[]> {
    return (await this.db.getMeta<OutboxEntry[]>(AWAITING_PULL)) ?? [];
  }

  private async reject(entry: OutboxEntry, r: MutationResult) {
    await this.db.rejected.put({
      mutationId: entry.mutationId,
      name: entry.name,
      args: entry.args,
      createdAt: entry.createdAt,
      rejectedAt: this.now().toISOString(),
      code: r.code,
      message: r.message,
      fields: r.fields,
    });
  }

  /**
   * Pulls until the device holds the server's version. A first sync comes in pages, each stored with the cookie that
   * says where the next starts: the screens show what has come so far, and a closed tab or lost signal resumes there.
   */
  async pull(): Promise<void> {
    let cookie = (await this.db.getMeta<Cookie>('cookie')) ?? null;
    for (;;) {
      const paging = Boolean(cookie?.snapshot);
      const opened = await openedStudents(this.db);
      const res = await this.post<PullResponse>('/api/sync/pull', {
        pullVersion: PROTOCOL_VERSION,
        clientGroupId: this.userId,
        clientId: await this.clientId(),
        cookie,
        opened,
      });
      await this.applyPull(res);
      // a pull fetches a few opened students in full: pull on while each brings more of those asked
      const fetching =
        (res.cookie.opened?.length ?? 0) > (cookie?.opened?.length ?? 0) &&
        opened.some((id) => !res.cookie.opened?.includes(id));
      cookie = res.cookie;
      // pages after the first are read later than the version they carry: one more pull brings what changed meanwhile
      if (!cookie.snapshot && !paging && !fetching) return;
    }
  }

  /**
   * A desk device's user opened a student (schema/device-set.ts): from now on its pulls ask for their every record,
   * which the next pull brings in full and later ones keep up, for offline use.
   */
  async openStudent(studentId: string): Promise<void> {
    await this.openStudents([studentId]);
  }

  /** Several students opened at once (a screen listing them): one sync fetches them all, a few each pull. */
  async openStudents(studentIds: readonly string[]): Promise<void> {
    if (await noteOpened(this.db, studentIds)) await this.sync();
  }

  /**
   * Moves this device's clock past the stamps it pulls, so its next edit orders after what the user saw. Any row
   * carrying per-field stamps (`fieldStamps`) counts, so the engine names no table.
   */
  private observeStamps(row: Row) {
    for (const kept of Object.values((row.fieldStamps as FieldStamps | null) ?? {}))
      if (kept) this.clock?.observe(kept.stamp);
  }

  /** Rewind optimistic rows, apply the server's patch, settle acknowledged mutations, replay the pending ones. */
  private async applyPull(res: PullResponse) {
    await this.hlc();
    if ((await this.db.outbox.count()) > 0 || (await this.awaitingPull()).length > 0) await loadMutators();
    try {
      await this.applyPullOnce(res);
    } catch (e) {
      if (!(e instanceof MutatorsNotLoaded)) throw e;
      // another tab queued a change meanwhile: load the mutators and apply again (the transaction rolled back)
      await loadMutators();
      await this.applyPullOnce(res);
    }
  }

  /** The figures of the students whose rows the rewind, the patch or the replay changed are recomputed once, at the end. */
  private async applyPullOnce(res: PullResponse) {
    await this.db.transaction('rw', this.db.tables, async () => {
      const touched = await this.figuresTouchedBy(res.cookie);
      await rewind(this.db, touched);
      await this.applyPatch(res.patch, touched);
      await this.db.setMeta('cookie', res.cookie);
      for (const r of res.rejected) {
        const entry = await this.db.outbox.where('mutationId').equals(r.id).first();
        if (entry) await this.reject(entry, r);
      }
      await this.afterPull(res.lastMutationId);
      await this.db.outbox.where('mutationId').belowOrEqual(res.lastMutationId).delete();
      await this.replayPending(touched);
      await touched.refresh(this.db);
    });
  }

  /**
   * A first sync sends records in id order, so each page holds records of most students: recomputing those students
   * on every page would read their records again page after page. While pages follow, records touch no figures (the
   * screens list every student, figures as of their arrival); the page that completes it rebuilds them all, once.
   * Must run before the page's cookie is stored.
   */
  private async figuresTouchedBy(cookie: Cookie): Promise<TouchedStudents> {
    const touched = new TouchedStudents(Boolean(cookie.snapshot));
    if (!cookie.snapshot && (await this.db.getMeta<Cookie>('cookie'))?.snapshot) touched.noteEveryone();
    return touched;
  }

  /** A row appears at most once in a patch, so puts and deletes can be grouped per table into bulk writes. */
  private async applyPatch(patch: PatchOp[], touched: TouchedStudents) {
    if (patch.some((op) => op.op === 'clear')) {
      await Promise.all(Object.keys(DOMAIN_TABLES).map((t) => this.db.domain(t as DomainTable).clear()));
      // the figures go with the rows: the rebuild that ends this pull replaces them all
      touched.noteEveryone();
    }
    const puts = new Map<DomainTable, Row[]>();
    const dels = new Map<DomainTable, string[]>();
    for (const op of patch) {
      if (op.op === 'put') (puts.get(op.table) ?? puts.set(op.table, []).get(op.table)!).push(op.row);
      else if (op.op === 'del') (dels.get(op.table) ?? dels.set(op.table, []).get(op.table)!).push(op.id);
    }
    for (const [table, rows] of puts) {
      await putInSlices(this.db.domain(table), rows);
      for (const row of rows) {
        touched.note(table, row.id, row);
        this.observeStamps(row);
      }
    }
    for (const [table, ids] of dels) {
      await touched.noteStored(this.db, table, ids);
      await this.db.domain(table).bulkDelete(ids);
    }
  }

  /**
   * Each mutation of this device the server has acknowledged whose mutator has an `afterPull` runs it, now that the
   * device holds the server's rows (editSkillAssessment notes whose later edit stood over it).
   */
  private async afterPull(lastMutationId: number) {
    const acknowledged = [
      ...(await this.awaitingPull()),
      ...(await this.db.outbox.where('mutationId').belowOrEqual(lastMutationId).toArray()),
    ];
    await this.db.setMeta(AWAITING_PULL, []);
    for (const entry of acknowledged) {
      const m = loadedMutators?.[entry.name as MutationName];
      const parsed = m?.afterPull && argsOf(m, entry);
      if (parsed?.success) await m!.afterPull!({ db: this.db, userId: this.userId }, parsed.data as never);
    }
  }

  private async replayPending(touched: TouchedStudents) {
    const writer = new LocalWriter(this.db, touched);
    const pending = await this.db.outbox.orderBy('mutationId').toArray();
    if (pending.length > 0 && !loadedMutators) throw new MutatorsNotLoaded();
    for (const entry of pending) {
      const m = loadedMutators![entry.name as MutationName];
      const parsed = m && argsOf(m, entry);
      if (parsed?.success) await m.apply?.(writer, parsed.data as never, { userId: this.userId, now: entry.createdAt });
    }
  }

  /** Queues a rejected change again (optionally edited) and removes it from the needs-attention list. */
  async retryRejected<N extends MutationName>(mutationId: number, editedArgs?: MutationArgs<N>) {
    const entry = await this.db.rejected.get(mutationId);
    if (!entry) return;
    await this.mutate(entry.name as N, (editedArgs ?? entry.args) as MutationArgs<N>);
    await this.db.rejected.delete(mutationId);
  }

  discardRejected(mutationId: number) {
    return this.db.rejected.delete(mutationId);
  }

  private async setStatus(patch: Partial<SyncStatus>) {
    const current = await this.status();
    await this.db.setMeta('status', { ...current, ...patch });
  }

  async status(): Promise<SyncStatus> {
    return (await this.db.getMeta<SyncStatus>('status')) ?? { phase: 'idle', lastSyncedAt: null, error: null };
  }
}

/**
 * The fewest rows a put hands the browser at once: see {@link putInSlices}. Slices of 100 rows were tasks of 65-190 ms
 * each on a throttled phone's first sync (bench/long-tasks.ts, a preceptor's 1,700 rows). Below 50 rows, Dexie notes
 * each row's key and index keys for the screens' live queries to compare against (its observability middleware): with
 * slices of 25 that noting, and every live query merging the notes in, was a fifth of the first sync's main-thread time
 * (docs/PERFORMANCE.md); from 50 it notes the whole table as changed, which those queries read again anyway.
 */
export const PUT_SLICE_ROWS = 50;

/**
 * Stores rows a slice at a time in the open transaction. The browser copies each row and its index keys on the main
 * thread as it is put: a first-sync page of 1,000 rows in one call held a throttled phone's main thread for 700 ms
 * (bench:web's Lighthouse runs). Each slice is put when the last one is stored, in a task of its own, so taps and
 * paints get in between; the transaction, and so the page's all-or-nothing, is the same. The rows are shared evenly, so
 * no slice has fewer than {@link PUT_SLICE_ROWS} (unless all of them do) or twice as many.
 */
async function putInSlices<T>(table: { bulkPut(rows: readonly T[]): Promise<unknown> }, rows: readonly T[]) {
  const slices = Math.max(1, Math.floor(rows.length / PUT_SLICE_ROWS));
  for (let i = 0; i < slices; i++)
    await table.bulkPut(
      rows.slice(Math.floor((i * rows.length) / slices), Math.floor(((i + 1) * rows.length) / slices)),
    );
}

/** A queued entry's arguments as its mutator takes them: an older app's (no `argsVersion`) by its `queuedArgs`. */
function argsOf(m: Mutators[MutationName], entry: OutboxEntry) {
  const schema = entry.argsVersion === undefined && m.queuedArgs ? m.queuedArgs : m.args;
  return schema.safeParse(entry.args);
}
