/**
 * The sync client's pieces that screens use beyond web/lib's hooks: the keys of 'Pending sync' badges, the sync
 * indicator's overview, and the database, engine and triggers their tests build. Features import values from
 * sync/client/ only through here (docs/ARCHITECTURE.md, "Layers and which way imports go").
 */
export { type DomainRows, TrainingDb } from '#sync/client/db.ts';
export { SyncEngine } from '#sync/client/engine.ts';
export { entityKey, progressKey } from '#sync/client/entity-keys.ts';
export { pendingEntityKeys, receivedPercent, type SyncOverview, syncOverview } from '#sync/client/status.ts';
export { FOREGROUND_PULL_MS, startSyncTriggers, type TriggerEnv } from '#sync/client/triggers.ts';
