/**
 * Where a staff account's co-sign secret lives on its own device: the account's device database, written from the
 * sign-in answer (the only answer that carries it) and removed at sign-out.
 */
import { databaseName, TrainingDb } from '#sync/client/db.ts';

const SECRET_KEY = 'cosignSecret';

/** Keeps the secret of a sign-in answer on this device, for the account that signed in. */
export async function keepCosignSecret(userId: string, secret: string) {
  const db = new TrainingDb(databaseName(userId));
  await db.setMeta(SECRET_KEY, secret);
  db.close();
}

export const forgetCosignSecret = (db: TrainingDb) => db.meta.delete(SECRET_KEY);

export const cosignSecretOf = async (db: TrainingDb) => (await db.getMeta<string>(SECRET_KEY)) ?? null;
