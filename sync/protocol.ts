/**
 * The sync wire protocol (Replicache-style push/pull; see docs/ARCHITECTURE.md). Shared by sync/client and sync/server.
 * Bump PROTOCOL_VERSION when a message shape changes; a server answers VersionNotSupported to other versions.
 */
import { z } from 'zod';

import { MAX_OPENED_STUDENTS } from '../schema/device-set.ts';
import { MAX_PUSH_MUTATIONS } from '../schema/enums.ts';
import { PROTOCOL_VERSION } from './protocol-version.ts';

export { PROTOCOL_VERSION, VERSION_NOT_SUPPORTED } from './protocol-version.ts';

const mutationSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1).max(100),
  args: z.unknown(),
  createdAt: z.string().max(40),
  /** Absent on mutations an older app queued (see MUTATION_ARGS_VERSION). */
  argsVersion: z.number().int().min(1).optional(),
});
export type Mutation = z.infer<typeof mutationSchema>;

export const pushRequestSchema = z.object({
  pushVersion: z.literal(PROTOCOL_VERSION),
  clientGroupId: z.string().min(1).max(64),
  clientId: z.string().min(1).max(64),
  mutations: z.array(mutationSchema).max(MAX_PUSH_MUTATIONS),
});
export type PushRequest = z.infer<typeof pushRequestSchema>;

type MutationStatus = 'applied' | 'rejected';
export interface MutationResult {
  id: number;
  /** `duplicate` answers a mutation the server had already processed; `original` says how it went then. */
  status: MutationStatus | 'duplicate';
  original?: MutationStatus;
  code?: string;
  message?: string;
  fields?: Record<string, string>;
}
export interface PushResponse {
  /**
   * In order, possibly for only the first part of the batch: the server stops working on one push after a short time
   * (so that no device holds it up for others), and the client sends the rest in its next push.
   */
  results: MutationResult[];
  lastMutationId: number;
  /** Set when processing stopped at a mutation whose id skips one the server never received. */
  error?: 'OutOfOrder';
}

/** The tables a client keeps. Rows travel in the API's field names. */
export const SYNCED_TABLES = [
  'users',
  'instructors',
  'programs',
  'programMembers',
  'students',
  'skills',
  'studentSkills',
  'skillAttempts',
  'skillAttemptVoids',
  'patientContacts',
  'signOffs',
  'clinicalSites',
  'siteEmails',
  'clinicalHours',
  'documents',
  'messages',
  'requests',
  'accreditationRequirements',
  'ramAssessments',
  'shifts',
  'shiftBookings',
  'studentCredentials',
  'dors',
  'taskBooks',
  'jprSignOffs',
] as const;
export type SyncedTableName = (typeof SYNCED_TABLES)[number];

/**
 * Where a first sync stands while it arrives in pages: the next row to send (after `afterId` in `table`, tables in
 * SYNCED_TABLES order) and, for the device's progress bar, the rows sent so far of the total counted at its start.
 */
const snapshotSchema = z.object({
  table: z.enum(SYNCED_TABLES),
  afterId: z.string().max(200),
  sent: z.number().int().min(0),
  total: z.number().int().min(0),
});
export type SnapshotCursor = z.infer<typeof snapshotSchema>;

const openedSchema = z.array(z.string().min(1).max(64)).max(MAX_OPENED_STUDENTS);

/**
 * The data version the device holds. With `snapshot`, a first sync is under way: the rows sent so far are live rows
 * read at or after `version`, and once the last page arrives the pulls from `version` on bring what changed meanwhile.
 */
const cookieSchema = z.object({
  version: z.number().int().min(0),
  epoch: z.string().max(128),
  snapshot: snapshotSchema.optional(),
  /**
   * The opened students (schema/device-set.ts) whose records the patches up to this cookie brought in full: a desk
   * device's. A student the request opens beyond these is sent in full; those it no longer opens are not kept up.
   */
  opened: openedSchema.optional(),
});
export type Cookie = z.infer<typeof cookieSchema>;

export const pullRequestSchema = z.object({
  pullVersion: z.literal(PROTOCOL_VERSION),
  clientGroupId: z.string().min(1).max(64),
  clientId: z.string().min(1).max(64),
  cookie: cookieSchema.nullable(),
  /** The students a desk device has opened and keeps for offline: it holds their every record. */
  opened: openedSchema.default([]),
});
/** As sent: an older device sends no `opened`. */
export type PullRequest = z.input<typeof pullRequestSchema>;

export type PatchOp =
  | { op: 'clear' }
  | { op: 'put'; table: SyncedTableName; row: Record<string, unknown> & { id: string } }
  | { op: 'del'; table: SyncedTableName; id: string };

export interface PullResponse {
  cookie: Cookie;
  lastMutationId: number;
  patch: PatchOp[];
  /** This client's mutations the server rejected since the request's cookie, so none is lost with a push response. */
  rejected: MutationResult[];
}

const mutationStatusSchema = z.enum(['applied', 'rejected']);
const mutationResultSchema = z.strictObject({
  id: z.number().int(),
  status: z.union([mutationStatusSchema, z.literal('duplicate')]),
  original: mutationStatusSchema.optional(),
  code: z.string().optional(),
  message: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
}) satisfies z.ZodType<MutationResult>;

/** POST /api/sync/push's answer, for the API's description (api/openapi/). */
export const pushResponseSchema = z.strictObject({
  results: z.array(mutationResultSchema),
  lastMutationId: z.number().int(),
  error: z.literal('OutOfOrder').optional(),
}) satisfies z.ZodType<PushResponse>;

/** POST /api/sync/pull's answer, for the API's description (api/openapi/). */
export const pullResponseSchema = z.strictObject({
  cookie: cookieSchema,
  lastMutationId: z.number().int(),
  patch: z.array(
    z.discriminatedUnion('op', [
      z.strictObject({ op: z.literal('clear') }),
      z.strictObject({
        op: z.literal('put'),
        table: z.enum(SYNCED_TABLES),
        // open: a row of any synced table, as sync/server/tables.ts sends it; each table's fields are its list route's
        // (this file, shared with the device, cannot read the server's tables)
        row: z.looseObject({ id: z.string() }),
      }),
      z.strictObject({ op: z.literal('del'), table: z.enum(SYNCED_TABLES), id: z.string() }),
    ]),
  ),
  rejected: z.array(mutationResultSchema),
}) satisfies z.ZodType<PullResponse>;
