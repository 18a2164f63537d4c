/**
 * What a device mutation is: the command's argument schema, the keys it marks pending, and its optimistic effect on
 * the device's database through LocalWriter. Each kind's mutator is declared with `mutator` and listed once in
 * ../mutators.ts, under the name of its server command (marked `offline: true`).
 */
import type { z } from 'zod';

import type { TrainingDb } from '../db.ts';
import type { LocalWriter } from '../local-writer.ts';

export interface MutatorContext {
  userId: string;
  now: string;
}

export interface Mutator<S extends z.ZodType> {
  args: S;
  /** The command's `queuedArgs`: what an older app queued, replayed on the device as the server takes it. */
  queuedArgs?: z.ZodType;
  /** Records created by this mutation get a client-generated id, so the optimistic row and the server row are one. */
  creates?: boolean;
  entityKeys: (args: z.output<S>) => string[];
  apply?: (w: LocalWriter, args: z.output<S>, ctx: MutatorContext) => Promise<void>;
  /**
   * Why the device refuses this write as it is queued (the server's rule, on the device's rows), or null. Checked
   * only when queued: a replay after a pull that makes it refused leaves it to the server's answer.
   */
  refuse?: (w: LocalWriter, args: z.output<S>, ctx: MutatorContext) => Promise<string | null>;
  /**
   * Once the server has applied it, at the next pull (in its transaction, the server's rows stored): what the device
   * learns from them. The engine runs it for any mutation that declares it, so it names none.
   */
  afterPull?: (device: { db: TrainingDb; userId: string }, args: z.output<S>) => Promise<void>;
}
export const mutator = <S extends z.ZodType>(m: Mutator<S>) => m;

/** A new row's timestamps, both the mutation's time. */
export const stamp = (ctx: MutatorContext) => ({ createdAt: ctx.now, updatedAt: ctx.now });
