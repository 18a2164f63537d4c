/**
 * Password hashing with Argon2id (@node-rs/argon2: a maintained binding of the reference implementation, shipped as a
 * prebuilt registry package). Parameters are OWASP's minimum for Argon2id: 19 MiB memory, 2 iterations, 1 lane.
 */
import { hash, hashSync, verify } from '@node-rs/argon2';

const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);
/** For start-up and seeding only: it holds the thread ~30 ms, so request paths use `hashPassword` (libuv's thread pool). */
export const hashPasswordSync = (password: string) => hashSync(password, OPTIONS);

/** A hash of nothing, verified against when the account does not exist, so timing does not reveal which e-mails exist. */
const DUMMY = hashSync('no account has this password', OPTIONS);

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  try {
    return (await verify(passwordHash ?? DUMMY, password)) && Boolean(passwordHash);
  } catch {
    return false;
  }
}
