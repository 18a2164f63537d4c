/**
 * How screens change data, with the spec's success and failure toasts.
 * - `mutate`: through the sync engine (`useQueue`), so it works offline; shown at once, sent at once when there is
 *   signal. A change the server refuses comes back in the sync indicator's needs-attention list (and as a toast if
 *   it happens now). Screens call it through one hook per write in web/lib/writes/.
 * - `online`: desk operations the server must do itself (uploads, account changes); they need a connection.
 */
import type { ClientResponse } from 'hono/client';
import type { ResponseFormat } from 'hono/types';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ExternalToast } from 'sonner';

import { SAVED_OFFLINE } from '#schema/messages.ts';
import { MutationRefused } from '#sync/client/engine.ts';
import type { MutationArgs, MutationName } from '#sync/client/mutators.ts';

import { answer, type AnswerOf, ApiError } from './api.ts';
import { sessionEnded } from './session.tsx';
import { useSync } from './sync.tsx';
import { toast } from './ui/toasts.tsx';

export interface Outcome {
  success: string;
  /** A second line under the success title (e.g. 'New user has been added successfully'). */
  successDescription?: string;
  failure: string;
  /** Shown under the failure when the server gave no reason (e.g. 'Failed to delete student. Please try again.'). */
  failureDescription?: string;
  /**
   * What was saved, for the toast with no signal, where `success` and its description would say it was sent or done
   * ('Your message "Shift swap"' rather than 'Your message has been sent successfully').
   */
  saved?: string;
}

export type WriteResult<T> = { ok: true; data: T } | { ok: false; fields: Record<string, string> };

/** Puts the server's messages under the fields it refused (e.g. an e-mail already in use). */
export function showFieldErrors<F extends FieldValues>(
  setError: UseFormSetError<F>,
  fields: Record<string, string>,
  name: (field: string) => Path<F> = (f) => f as Path<F>,
) {
  for (const [field, message] of Object.entries(fields)) setError(name(field), { message });
}

export const OFFLINE_MESSAGE = 'You are offline. This change needs a connection; try again when you are back online.';

interface QueuedToastOptions extends ExternalToast {
  /** What was saved, named for the toast with no signal (see Outcome.saved); without it, `success` and its detail. */
  saved?: string;
}

/**
 * The toast after a write queued on the device. With no signal nothing has left it: the toast says so (naming what
 * was saved) and the sync indicator shows when it is sent.
 */
export function toastQueued(success: string, detail?: string, { saved, ...options }: QueuedToastOptions = {}) {
  if (navigator.onLine) toast.success(success, { description: detail, ...options });
  else
    toast.success(SAVED_OFFLINE, {
      description: `${saved ?? `${success}${detail ? `: ${detail}` : ''}`}. The header shows when it has been sent.`,
      ...options,
    });
}

/** What a queued write says when it fails here or the server refuses it. */
type Failure = Pick<Outcome, 'failure' | 'failureDescription'>;

/**
 * The one way a screen queues a change on the device (the hooks of web/lib/writes/ build on it): `queue` stores one
 * mutation and answers its id (throwing, with nothing stored, on invalid input); `send` syncs at once and toasts a
 * refusal of any of the write's mutations with the server's reason. A write of several mutations (a contact and its
 * attempts) queues each, then sends them together.
 */
export function useQueue() {
  const { engine, db } = useSync();
  return {
    queue: async <N extends MutationName>(name: N, args: MutationArgs<N>) =>
      (await engine.mutate(name, args)).mutationId,
    send(mutationIds: readonly number[], { failure, failureDescription }: Failure) {
      engine
        .sync()
        .then(async () => {
          const rejected = (await db.rejected.bulkGet([...mutationIds])).find(Boolean);
          if (rejected) toast.error(failure, { description: rejected.message ?? failureDescription });
        })
        // the device's database was closed meanwhile (signed out): the write is gone with it, nothing to say
        .catch(() => undefined);
    },
    /** A clock stamp for a judgement edit, taken when the user saves (SyncEngine.stamp). */
    stamp: () => engine.stamp(),
  };
}

export function useWriter() {
  const { engine } = useSync();
  const { queue, send } = useQueue();

  /** Queues one mutation with the outcome's toasts; `options` adds to the success toast (an Undo action). */
  async function mutate<N extends MutationName>(
    name: N,
    args: MutationArgs<N>,
    outcome: Outcome,
    options?: ExternalToast,
  ): Promise<boolean> {
    let mutationId: number;
    try {
      mutationId = await queue(name, args);
    } catch (e) {
      const description = e instanceof MutationRefused ? e.message : outcome.failureDescription;
      toast.error(outcome.failure, { description });
      return false;
    }
    toastQueued(outcome.success, outcome.successDescription, { saved: outcome.saved, ...options });
    send([mutationId], outcome);
    return true;
  }

  /** Runs `call` (a typed client call, made only with a connection) with the outcome's toasts, then syncs. */
  async function online<R extends ClientResponse<unknown, number, ResponseFormat>>(
    call: () => Promise<R>,
    outcome: Outcome,
  ): Promise<WriteResult<AnswerOf<R>>> {
    if (!navigator.onLine) {
      toast.error(outcome.failure, { description: OFFLINE_MESSAGE });
      return { ok: false, fields: {} };
    }
    try {
      const data = await answer(call());
      toast.success(outcome.success, { description: outcome.successDescription });
      void engine.sync();
      return { ok: true, data };
    } catch (e) {
      // an ended session: the user signs in again over the open form, which keeps what they typed
      if (e instanceof ApiError && e.status === 401) sessionEnded();
      toast.error(outcome.failure, { description: e instanceof ApiError ? e.message : outcome.failureDescription });
      return { ok: false, fields: e instanceof ApiError ? e.fields : {} };
    }
  }

  return { mutate, online };
}
