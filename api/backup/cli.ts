/**
 * `npm run backup [-- <folder>]`: a consistent copy of the database and documents while the server runs, into
 * <folder> (default BACKUP_DIR or ./backups). `npm run restore -- <backup folder>`: puts one back (server stopped).
 */
import { resolve } from 'node:path';

import { readConfig } from '../config.ts';
import { backup, restore } from './backup.ts';

const [command, target] = process.argv.slice(2);
const { dataDir } = readConfig();

try {
  if (command === 'backup') {
    const summary = await backup(dataDir, resolve(target ?? process.env.BACKUP_DIR ?? './backups'));
    console.log(`Backed up the database and ${summary.documents} document(s) to ${summary.dir}`);
  } else if (command === 'restore' && target) {
    const { keptAside } = restore(dataDir, resolve(target));
    console.log(`Restored ${resolve(target)} into ${dataDir}. The data it replaced is in ${keptAside}.`);
  } else {
    console.error('Usage: npm run backup [-- <folder>]   |   npm run restore -- <backup folder>');
    process.exit(2);
  }
} catch (e) {
  console.error(`${command} failed: ${(e as Error).message}`);
  process.exit(1);
}
