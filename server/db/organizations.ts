import type { Database } from './db';
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
 * more (one organization never sees another's data).
 */
export function createOrganization(db: Database, name: string): number {
  const result = db
    .prepare('INSERT INTO organizations (name, created_at) VALUES (?, ?)')
    .run(name, nowSeconds());
  return Number(result.lastInsertRowid);
}

/** A new user of `orgId`; give it a key with `createKey`. */
export function createUser(db: Database, orgId: number, name: string): number {
  const result = db
    .prepare('INSERT INTO users (org_id, name, created_at) VALUES (?, ?, ?)')
    .run(orgId, name, nowSeconds());
  return Number(result.lastInsertRowid);
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
 * Finds the organization and its user by name, creating whichever is missing. Names are not
 * unique in the schema, so this runs in an immediate transaction: two CLIs at once cannot both
 * create the same organization.
 */
export function ensureMember(db: Database, rawOrg: string, rawUser: string): Member {
  const orgName = checkName('The organization name', rawOrg);
  const userName = checkName('The user name', rawUser);
  return db
    .transaction((): Member => {
      const orgs = db
        .prepare<[string], { id: number }>(
          'SELECT id FROM organizations WHERE name = ? ORDER BY id',
        )
        .all(orgName);
      const foundOrg = oneNamed(orgs, 'organizations', orgName);
      const orgId = foundOrg ?? createOrganization(db, orgName);
      const users = db
        .prepare<[number, string], { id: number }>(
          'SELECT id FROM users WHERE org_id = ? AND name = ? ORDER BY id',
        )
        .all(orgId, userName);
      const foundUser = oneNamed(users, `users of "${orgName}"`, userName);
      const userId = foundUser ?? createUser(db, orgId, userName);
      return {
        orgId,
        orgName,
        userId,
        userName,
        orgCreated: foundOrg === null,
        userCreated: foundUser === null,
      };
    })
    .immediate();
}
