/**
 * Optimistic writes that can be taken back. Before a pending mutation first touches a row, the row as the server
 * sent it (or its absence) is saved in `shadow`. A pull rewinds every shadowed row, applies the server's patch, then
 * replays the mutations still pending: the Replicache rebase, so acknowledged and rejected changes never linger.
 * Must run inside a Dexie transaction that includes every domain table and `shadow`.
 */
import type { DomainTable, Row, TrainingDb } from './db.ts';

export class LocalWriter {
  constructor(private readonly db: TrainingDb) {}

  private async keep(table: DomainTable, id: string) {
    if (await this.db.shadow.get([table, id])) return;
    const row = await this.db.domain(table).get(id);
    await this.db.shadow.put({ table, id, row: row ?? null });
  }

  get(table: DomainTable, id: string) {
    return this.db.domain(table).get(id);
  }

  /** The first row whose index `index` equals `key` (a compound index takes an array). */
  first(table: DomainTable, index: string, key: unknown) {
    return this.db
      .domain(table)
      .where(index)
      .equals(key as string)
      .first();
  }

  /** Every row whose index `index` equals `key`. */
  all(table: DomainTable, index: string, key: unknown) {
    return this.db
      .domain(table)
      .where(index)
      .equals(key as string)
      .toArray();
  }

  async put(table: DomainTable, row: Row) {
    await this.keep(table, row.id);
    await this.db.domain(table).put(row);
  }

  async update(table: DomainTable, id: string, changes: Record<string, unknown>) {
    const current = await this.db.domain(table).get(id);
    if (!current) return;
    await this.keep(table, id);
    await this.db.domain(table).put({ ...current, ...definedOnly(changes) });
  }

  async delete(table: DomainTable, id: string) {
    await this.keep(table, id);
    await this.db.domain(table).delete(id);
  }
}

const definedOnly = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/** Restores every row a pending change touched to the server's version. */
export async function rewind(db: TrainingDb) {
  for (const { table, id, row } of await db.shadow.toArray()) {
    if (row) await db.domain(table as DomainTable).put(row);
    else await db.domain(table as DomainTable).delete(id);
  }
  await db.shadow.clear();
}
