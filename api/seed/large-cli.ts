/** `npm run seed:large`: fills DATA_DIR (default ./data-large) with the large program set (see large.ts). */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { openDb } from '../db/open.ts';
import { seedLarge } from './large.ts';
import { seedStandards } from './standards.ts';

const dataDir = resolve(process.env.DATA_DIR ?? './data-large');
mkdirSync(join(dataDir, 'documents'), { recursive: true });
const started = performance.now();
const db = openDb(join(dataDir, 'training-records.db'));
seedStandards(db);
const { students, progressRows } = seedLarge(db, process.env.LARGE_PASSWORD ?? 'large-password');
db.$client.close();
console.log(
  `Seeded ${students} students and ${progressRows} progress rows into ${dataDir} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
