/**
 * Optimistic writes that can be taken back. Before a pending mutation first touches a row, the row as the server
 * sent it (or its absence) is saved in `shadow`. A pull rewinds every shadowed row, applies the server's patch, then
 * replays the mutations still pending: the Replicache rebase, so acknowledged and rejected changes never linger.
 * Must run inside a Dexie transaction that includes every domain table, `shadow`, `studentFigures` and
 * `programTypeTotals`.
 */
import type { DomainRows, DomainTable, Row, TrainingDb } from './db.ts';
import { TouchedStudents } from './student-figures.ts';

/** A row as a mutator writes it on the device: the table's fields it knows, with the id. */
export type LocalRow<N extends DomainTable> = Partial<DomainRows[N]> & Row;

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

  get<N extends DomainTable>(table: N, id: string): Promise<DomainRows[N] | undefined> {
    return this.db.rows(table).get(id);
  }

  /** The first row whose index `index` equals `key` (a compound index takes an array). */
  first<N extends DomainTable>(table: N, index: string, key: unknown): Promise<DomainRows[N] | undefined> {
    return this.db
      .rows(table)
      .where(index)
      .equals(key as string)
      .first();
  }

  /** Every row whose index `index` equals `key`. */
  all<N extends DomainTable>(table: N, index: string, key: unknown): Promise<DomainRows[N][]> {
    return this.db
      .rows(table)
      .where(index)
      .equals(key as string)
      .toArray();
  }

  /** An optimistic row may lack what only the server sets (version, timestamps); the next pull brings them. */
  async put<N extends DomainTable>(table: N, row: LocalRow<N>) {
    await this.keep(table, row.id);
    this.touched.note(table, row.id, row);
    await this.db.domain(table).put(row);
  }

  async update<N extends DomainTable>(table: N, id: string, changes: Partial<DomainRows[N]>) {
    const current = await this.db.rows(table).get(id);
    if (!current) return;
    await this.put(table, { ...current, ...definedOnly(changes) });
  }

  async delete(table: DomainTable, id: string) {
    await this.keep(table, id);
    await this.touched.noteStored(this.db, table, [id]);
    await this.db.domain(table).delete(id);
  }
}

const definedOnly = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

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
