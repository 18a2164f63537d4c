import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { TrainingDb } from './db.ts';
import { createDeviceDatabase, DEVICE_DB_VERSION } from './device-stores.ts';

const names: string[] = [];
const fresh = () => {
  const name = `device-stores-${crypto.randomUUID()}`;
  names.push(name);
  return name;
};
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(names.splice(0).map((n) => Dexie.delete(n)));
});

/** Every table of a database as IndexedDB holds it: key path, auto-increment and each index's options. */
async function storesOf(name: string) {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const tables = [...db.objectStoreNames];
  const tx = db.transaction(tables, 'readonly');
  const stores = Object.fromEntries(
    tables.map((table) => {
      const store = tx.objectStore(table);
      const indexes = [...store.indexNames].map((i) => {
        const { keyPath, unique, multiEntry } = store.index(i);
        return { i, keyPath, unique, multiEntry };
      });
      return [table, { keyPath: store.keyPath, autoIncrement: store.autoIncrement, indexes }];
    }),
  );
  const version = db.version;
  db.close();
  return { version, stores };
}

describe("a new device's database, made without Dexie", () => {
  it('holds the same tables and indexes, at the same version, as TrainingDb makes', async () => {
    const byDexie = fresh();
    await new TrainingDb(byDexie).open().then((db) => db.close());
    const byWorker = fresh();

    expect(await createDeviceDatabase(byWorker)).toBe('created');

    const made = await storesOf(byWorker);
    expect(made).toEqual(await storesOf(byDexie));
    expect(made.version).toBe(DEVICE_DB_VERSION * 10);
  });

  it('opens in TrainingDb as it is, no schema change, and keeps rows', async () => {
    const name = fresh();
    await createDeviceDatabase(name);
    const warn = vi.spyOn(console, 'warn');

    const db = new TrainingDb(name);
    await db.rows('students').put({ id: 's1', programId: 'p1' } as never);
    await db.outbox.add({ mutationId: 1, name: 'x', args: {}, createdAt: '2026-11-28', entityKeys: ['students:s1'] });

    expect(await db.rows('students').where('programId').equals('p1').primaryKeys()).toEqual(['s1']);
    expect(await db.outbox.where('entityKeys').equals('students:s1').count()).toBe(1);
    expect(db.backendDB().version).toBe(DEVICE_DB_VERSION * 10);
    expect(warn).not.toHaveBeenCalled();
    db.close();
  });

  it("leaves a device's existing database to TrainingDb, even an older version, and its rows", async () => {
    const name = fresh();
    const v7 = new Dexie(name);
    v7.version(7).stores({ meta: 'key', students: 'id' });
    await v7.table('students').put({ id: 's1' });
    v7.close();

    expect(await createDeviceDatabase(name)).toBe('exists');

    const kept = await storesOf(name);
    expect(kept.version).toBe(70);
    expect(Object.keys(kept.stores)).toEqual(['meta', 'students']);
    const again = new Dexie(name);
    again.version(7).stores({ meta: 'key', students: 'id' });
    expect(await again.table('students').count()).toBe(1);
    again.close();
  });

  it('leaves an older database alone where the browser cannot list databases', async () => {
    const name = fresh();
    const v7 = new Dexie(name);
    // a table today's schema does not make, so only leaving it alone keeps version 7
    v7.version(7).stores({ retired: 'id' });
    await v7.open();
    v7.close();
    const unlisted = Object.create(indexedDB, { databases: { value: undefined } }) as IDBFactory;

    expect(await createDeviceDatabase(name, unlisted)).toBe('exists');

    const kept = await storesOf(name);
    expect(kept.version).toBe(70);
    expect(Object.keys(kept.stores)).toEqual(['retired']);
  });
});
