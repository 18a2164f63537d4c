/**
 * The device database's name, version and tables, in Dexie's schema syntax: TrainingDb (db.ts) declares them, and
 * createDeviceDatabase makes a new device's database from them without Dexie, in the start-up worker
 * (web/lib/start-up-worker.ts).
 * Made on the main thread, a new database's tables and indexes, with Dexie's set-up around them, were a task of 35-65
 * ms at start-up, 140-260 ms on a throttled phone (docs/PERFORMANCE.md, issue 32).
 */
import { DOMAIN_TABLES } from './domain-rows.ts';

export const databaseName = (userId: string) => `training-records-${userId}`;

/** TrainingDb's `version()`: Dexie opens IndexedDB at ten times it. */
export const DEVICE_DB_VERSION = 8;

export const DEVICE_STORES = {
  meta: 'key',
  outbox: '++seq, &mutationId, *entityKeys',
  rejected: 'mutationId',
  shadow: '[table+id]',
  notices: '++seq, [studentId+skillId]',
  studentFigures: 'studentId',
  programTypeTotals: 'programType',
  ...DOMAIN_TABLES,
};

interface KeySpec {
  name: string;
  keyPath: string | string[];
  unique: boolean;
  multiEntry: boolean;
  autoIncrement: boolean;
}

/** One key of Dexie's syntax: `&` unique, `*` multi-entry, `++` auto-increment, `[a+b]` compound. */
function keySpec(source: string): KeySpec {
  const written = source.trim();
  const name = written.replace(/([&*]|\+\+)/g, '');
  const compound = /^\[(.*)\]$/.exec(name);
  return {
    name,
    keyPath: compound ? compound[1].split('+') : name,
    unique: written.includes('&'),
    multiEntry: written.includes('*'),
    autoIncrement: written.includes('++'),
  };
}

/** Each table as IndexedDB makes it, as Dexie would: the first key is the primary key, the rest are indexes. */
function storeSpecs() {
  return Object.entries(DEVICE_STORES).map(([table, syntax]) => {
    const [primaryKey, ...indexes] = syntax.split(',').map(keySpec);
    return { table, primaryKey, indexes };
  });
}

function createStores(db: IDBDatabase) {
  for (const { table, primaryKey, indexes } of storeSpecs()) {
    const store = db.createObjectStore(table, {
      keyPath: primaryKey.keyPath,
      autoIncrement: primaryKey.autoIncrement,
    });
    for (const index of indexes)
      store.createIndex(index.name, index.keyPath, { unique: index.unique, multiEntry: index.multiEntry });
  }
}

/**
 * Makes this device's database with today's tables if it has none, and closes it. A database already there, at any
 * version, is left to TrainingDb, which upgrades an older one (and rebuilds its figures). Answers what it found.
 */
export async function createDeviceDatabase(name: string, idb: IDBFactory = indexedDB): Promise<'created' | 'exists'> {
  if (idb.databases && (await idb.databases()).some((d) => d.name === name)) return 'exists';
  return new Promise((resolve) => {
    let created = false;
    const request = idb.open(name, DEVICE_DB_VERSION * 10);
    request.onupgradeneeded = (e) => {
      if (e.oldVersion !== 0) return request.transaction?.abort();
      createStores(request.result);
      created = true;
    };
    request.onsuccess = () => {
      request.result.close();
      resolve(created ? 'created' : 'exists');
    };
    // aborted above, or a newer app's database (VersionError): either way, TrainingDb opens what is there
    request.onerror = (e) => {
      e.preventDefault();
      resolve('exists');
    };
  });
}
