import { sql } from 'kysely';
import type { Dialect, Queryable, Storage } from './storage';
import { nowSeconds } from './time';

export const MAX_NAME_LENGTH = 200;

/**
 * Characters a name must not hold: C0/C1 controls, line and paragraph separators, the bidi
 * embeddings, overrides and isolates (they reorder what a terminal shows), lone surrogates.
 */
export const UNSAFE_NAME_CHARACTERS = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069\p{Cs}]/u;

/** A name that cannot be stored, or that several rows share; the message says which and why. */
export class NameError extends Error {
  override name = 'NameError';
}

/**
 * The name as stored: trimmed and NFC-normalised (a name typed on macOS and on Linux must find
 * the same row). Throws NameError when it is empty, longer than 200 characters or unsafe.
 */
export function checkName(what: string, raw: string): string {
  const name = raw.trim().normalize('NFC');
  if (!name) throw new NameError(`${what} must not be empty`);
  const length = [...name].length;
  if (length > MAX_NAME_LENGTH) {
    throw new NameError(`${what} must be at most ${MAX_NAME_LENGTH} characters, not ${length}`);
  }
  const unsafe = UNSAFE_NAME_CHARACTERS.exec(name);
  if (unsafe) {
    const code = unsafe[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    throw new NameError(`${what} must not contain control characters (U+${code})`);
  }
  return name;
}

/**
 * A new, empty organization. Bootstrap makes the first one; `keys create --org` and tests make
 * more (one organization never sees another's data). `db` is the storage's handle or the
 * caller's open transaction.
 */
export async function createOrganization(db: Queryable, name: string): Promise<number> {
  const row = await db
    .insertInto('organizations')
    .values({ name, created_at: nowSeconds() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A new user of `orgId`; give it a key with `createKey`. */
export async function createUser(db: Queryable, orgId: number, name: string): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ org_id: orgId, name, created_at: nowSeconds() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The advisory lock of account writes on PostgreSQL, in a class of its own (the two-key form:
 * 'WBAC', 1), apart from the 'WBDB' locks of migrations and the change feed.
 */
const ACCOUNTS_LOCK_CLASS = 0x57424143;
const ACCOUNTS_LOCK = 1;

/**
 * Serializes, until the transaction ends, the account writes that look a name up before they
 * create it (names are not unique in the schema). On SQLite the transaction already holds the
 * write lock (BEGIN IMMEDIATE); PostgreSQL's READ COMMITTED needs this advisory lock, or two
 * processes at once could both create the same organization.
 */
export async function lockAccounts(tx: Queryable, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`SELECT pg_advisory_xact_lock(${sql.lit(ACCOUNTS_LOCK_CLASS)}, ${sql.lit(ACCOUNTS_LOCK)})`.execute(
    tx,
  );
}

export interface Member {
  orgId: number;
  orgName: string;
  userId: number;
  userName: string;
  /** Whether this call made the organization, and the user. */
  orgCreated: boolean;
  userCreated: boolean;
}

/** The one row named `name`; null when none is; NameError when several are (never guess). */
function oneNamed(rows: Array<{ id: number }>, what: string, name: string): number | null {
  if (rows.length > 1) {
    const ids = rows.map((row) => row.id).join(', ');
    throw new NameError(`${rows.length} ${what} are named "${name}" (ids ${ids})`);
  }
  return rows[0]?.id ?? null;
}

/**
 * The organization a teammate joins when none is named: the server's only one. Never a guess:
 * none, or several, is a NameError that says to name it.
 */
async function soleOrganization(tx: Queryable): Promise<{ id: number; name: string }> {
  const orgs = await tx
    .selectFrom('organizations')
    .select(['id', 'name'])
    .orderBy('id')
    .limit(2)
    .execute();
  if (orgs.length === 1) return orgs[0]!;
  throw new NameError(
    orgs.length === 0
      ? 'There is no organization yet: name one with --org'
      : 'The server has several organizations: say which with --org',
  );
}

/**
 * `ensureMember` inside the caller's transaction `tx` of a storage of `dialect`, so that more
 * can be written in the same transaction (`keys create --org --user` adds the key). Without an
 * organization name, the user joins the server's only organization (`keys create --user`).
 */
export async function ensureMemberIn(
  tx: Queryable,
  dialect: Dialect,
  rawOrg: string | undefined,
  rawUser: string,
): Promise<Member> {
  const givenOrg = rawOrg === undefined ? undefined : checkName('The organization name', rawOrg);
  const userName = checkName('The user name', rawUser);
  await lockAccounts(tx, dialect);
  let foundOrg: number | null;
  let orgName: string;
  if (givenOrg === undefined) {
    ({ id: foundOrg, name: orgName } = await soleOrganization(tx));
  } else {
    orgName = givenOrg;
    const orgs = await tx
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', orgName)
      .orderBy('id')
      .execute();
    foundOrg = oneNamed(orgs, 'organizations', orgName);
  }
  const orgId = foundOrg ?? (await createOrganization(tx, orgName));
  const users = await tx
    .selectFrom('users')
    .select('id')
    .where('org_id', '=', orgId)
    .where('name', '=', userName)
    .orderBy('id')
    .execute();
  const foundUser = oneNamed(users, `users of "${orgName}"`, userName);
  const userId = foundUser ?? (await createUser(tx, orgId, userName));
  return {
    orgId,
    orgName,
    userId,
    userName,
    orgCreated: foundOrg === null,
    userCreated: foundUser === null,
  };
}

/**
 * Finds the organization and its user by name, creating whichever is missing. Names are not
 * unique in the schema, so this is one transaction that holds the accounts lock (`lockAccounts`):
 * two CLIs at once cannot both create the same organization. Bad names are refused before any
 * transaction starts.
 */
export async function ensureMember(
  storage: Storage,
  rawOrg: string | undefined,
  rawUser: string,
): Promise<Member> {
  if (rawOrg !== undefined) checkName('The organization name', rawOrg);
  checkName('The user name', rawUser);
  return storage.transaction((tx) => ensureMemberIn(tx, storage.dialect, rawOrg, rawUser));
}
