/**
 * Optimistic writes that can be taken back. Before a pending mutation first touches a row, the row as the server
 * sent it (or its absence) is saved in `shadow`. A pull rewinds every shadowed row, applies the server's patch, then
 * replays the mutations still pending: the Replicache rebase, so acknowledged and rejected changes never linger.
 * Must run inside a Dexie transaction that includes every domain table, `shadow`, `studentFigures` and
 * `programTypeTotals`.
 */
import type { DomainTable, Row, TrainingDb } from './db.ts';
import { TouchedStudents } from './student-figures.ts';

export class LocalWriter {
  /** `touched` collects the students whose figures the writes change, for the caller to recompute (student-figures.ts). */
  constructor(
    private readonly db: TrainingDb,
    readonly touched = new TouchedStudents(),
  ) {}

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
    this.touched.note(table, row.id, row);
    await this.db.domain(table).put(row);
  }

  async update(table: DomainTable, id: string, changes: Record<string, unknown>) {
    const current = await this.db.domain(table).get(id);
    if (!current) return;
    await this.put(table, { ...current, ...definedOnly(changes) });
  }

  async delete(table: DomainTable, id: string) {
    await this.keep(table, id);
    await this.touched.noteStored(this.db, table, [id]);
    await this.db.domain(table).delete(id);
  }
}

const definedOnly = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/** Restores every row a pending change touched to the server's version, noting the students whose figures that moves. */
export async function rewind(db: TrainingDb, touched: TouchedStudents) {
  for (const { table, id, row } of await db.shadow.toArray()) {
    // the row restored, or the one a pending change created, names the student
    if (row) touched.note(table, id, row);
    else await touched.noteStored(db, table, [id]);
    if (row) await db.domain(table as DomainTable).put(row);
    else await db.domain(table as DomainTable).delete(id);
  }
  await db.shadow.clear();
}
