/**
 * Accounts (bootstrap, keys, organizations and users, server secrets) behave the same on both
 * backends: a real SQLite file and a real PostgreSQL (a throw-away cluster, pg-cluster.ts).
 */
import { describe, expect, it } from 'vitest';
import { BACKENDS, useBothBackends } from './backends-test-support';
import { defaultUser, ensureBootstrap } from './bootstrap';
import { createKey, findKey, keyExists, listKeys, revokeKey } from './keys';
import {
  createOrganization,
  createUser,
  ensureMember,
  ensureMemberIn,
  NameError,
} from './organizations';
import { serverSecret } from './secrets';

const both = useBothBackends('accounts');

type Table = 'organizations' | 'users' | 'api_keys';

// The tests of one backend share its database and run in order: bootstrap first, on it empty.
describe.each(BACKENDS)('accounts on %s', (kind) => {
  const storage = () => both.storage(kind);
  const count = async (table: Table) =>
    Number(
      (
        await storage()
          .db.selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const counts = () => Promise.all([count('organizations'), count('users'), count('api_keys')]);

  it('bootstraps an empty database once: an organization, a user and a generated key', async () => {
    const result = await ensureBootstrap(storage());
    expect(result).toEqual({ created: true, key: expect.stringMatching(/^wb_/), keyAdded: true });
    const owner = await defaultUser(storage().db);
    expect(owner).toEqual({ userId: expect.any(Number), orgId: expect.any(Number) });
    expect(await findKey(storage().db, result.key!)).toEqual({
      keyId: expect.any(Number),
      ...owner,
    });
    expect(await counts()).toEqual([1, 1, 1]);
    expect(await ensureBootstrap(storage())).toEqual({ created: false, keyAdded: false });
    expect(await counts()).toEqual([1, 1, 1]);
  });

  it('adds a vault key once to the first user, and leaves a revoked one revoked', async () => {
    const owner = (await defaultUser(storage().db))!;
    expect(await ensureBootstrap(storage(), { key: 'vault-key-1' })).toEqual({
      created: false,
      keyAdded: true,
    });
    expect(await findKey(storage().db, 'vault-key-1')).toMatchObject(owner);
    expect(await ensureBootstrap(storage(), { key: 'vault-key-1' })).toEqual({
      created: false,
      keyAdded: false,
    });
    expect((await revokeKey(storage(), 'vault-ke')).status).toBe('revoked');
    expect((await ensureBootstrap(storage(), { key: 'vault-key-1' })).keyAdded).toBe(false);
    expect(await findKey(storage().db, 'vault-key-1')).toBeNull();
    expect(await keyExists(storage().db, 'vault-key-1')).toBe(true);
    await expect(ensureBootstrap(storage(), { key: 'a:b' })).rejects.toThrow(
      'The bootstrap key must be printable ASCII without spaces or colons',
    );
    expect(await count('organizations')).toBe(1);
  });

  it('creates, lists, finds and revokes keys by id and by prefix', async () => {
    const owner = (await defaultUser(storage().db))!;
    const a = await createKey(storage().db, owner.userId);
    const b = await createKey(storage().db, owner.userId);
    expect(a.prefix).toBe(a.key.slice(0, 8));
    expect(await findKey(storage().db, a.key)).toEqual({ keyId: a.id, ...owner });
    expect(await findKey(storage().db, `${a.key}x`)).toBeNull();
    const listed = await listKeys(storage());
    expect(listed.map((k) => k.id)).toEqual([...listed.map((k) => k.id)].sort((x, y) => x - y));
    expect(listed.find((k) => k.id === a.id)).toEqual({
      id: a.id,
      userId: owner.userId,
      userName: 'Owner',
      orgId: owner.orgId,
      orgName: 'My organization',
      prefix: a.prefix,
      createdAt: expect.any(Number),
      revokedAt: null,
    });
    expect(await revokeKey(storage(), String(a.id))).toMatchObject({
      status: 'revoked',
      key: { id: a.id, revokedAt: expect.any(Number) },
    });
    expect(await findKey(storage().db, a.key)).toBeNull();
    expect((await revokeKey(storage(), String(a.id))).status).toBe('already-revoked');
    expect(await revokeKey(storage(), b.prefix)).toMatchObject({
      status: 'revoked',
      key: { id: b.id },
    });
    expect((await listKeys(storage())).find((k) => k.id === b.id)!.revokedAt).not.toBeNull();
    expect((await revokeKey(storage(), 'nothing')).status).toBe('not-found');
    // Past any id: no match on either backend (PostgreSQL would refuse it as a bigint).
    expect((await revokeKey(storage(), '99999999999999999999')).status).toBe('not-found');
    await createKey(storage().db, owner.userId, 'samepref-one');
    await createKey(storage().db, owner.userId, 'samepref-two');
    const shared = await revokeKey(storage(), 'samepref');
    expect(shared.status).toBe('ambiguous');
    expect(shared.status === 'ambiguous' && shared.matches).toHaveLength(2);
    await expect(createKey(storage().db, owner.userId, 'has space')).rejects.toThrow(
      'An API key must be 1-512 printable ASCII characters without spaces or colons',
    );
  });

  it('revokes a key once when two revocations race', async () => {
    const owner = (await defaultUser(storage().db))!;
    const { id } = await createKey(storage().db, owner.userId);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => revokeKey(storage(), String(id))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([
      'already-revoked',
      'already-revoked',
      'already-revoked',
      'already-revoked',
      'revoked',
    ]);
  });

  it('creates organizations and users, and finds members by name', async () => {
    const orgId = await createOrganization(storage().db, `Initech ${kind}`);
    const userId = await createUser(storage().db, orgId, 'Peter');
    expect(await ensureMember(storage(), ` Initech ${kind} `, 'Peter')).toEqual({
      orgId,
      orgName: `Initech ${kind}`,
      userId,
      userName: 'Peter',
      orgCreated: false,
      userCreated: false,
    });
    const made = await ensureMember(storage(), 'Acme', 'Ann');
    expect(made).toMatchObject({ orgCreated: true, userCreated: true });
    const bo = await ensureMember(storage(), 'Acme', 'Bo');
    expect(bo).toMatchObject({ orgId: made.orgId, orgCreated: false, userCreated: true });
    const globex = await ensureMember(storage(), 'Globex', 'Ann');
    expect(globex.orgId).not.toBe(made.orgId);
    expect(globex.userId).not.toBe(made.userId);
    expect(await ensureMember(storage(), 'My organization', 'Owner')).toMatchObject({
      orgCreated: false,
      userCreated: false,
    });
  });

  it('refuses names that several rows share, and bad names before writing', async () => {
    const first = await createOrganization(storage().db, 'Twin');
    const second = await createOrganization(storage().db, 'Twin');
    await expect(ensureMember(storage(), 'Twin', 'Ann')).rejects.toThrow(
      new NameError(`2 organizations are named "Twin" (ids ${first}, ${second})`),
    );
    const solo = await createOrganization(storage().db, 'Solo');
    await createUser(storage().db, solo, 'Ann');
    await createUser(storage().db, solo, 'Ann');
    await expect(ensureMember(storage(), 'Solo', 'Ann')).rejects.toThrow(
      /2 users of "Solo" are named "Ann"/,
    );
    const before = await counts();
    await expect(ensureMember(storage(), 'Fresh', '')).rejects.toThrow(
      new NameError('The user name must not be empty'),
    );
    await expect(ensureMember(storage(), 'a\u001bb', 'Ann')).rejects.toThrow(
      new NameError('The organization name must not contain control characters (U+001B)'),
    );
    expect(await counts()).toEqual(before);
  });

  it('creates a missing organization once when several callers race for it', async () => {
    const members = await Promise.all(
      Array.from({ length: 5 }, (_, i) => ensureMember(storage(), 'Racing', `User ${i % 2}`)),
    );
    expect(new Set(members.map((m) => m.orgId)).size).toBe(1);
    expect(members.filter((m) => m.orgCreated)).toHaveLength(1);
    expect(new Set(members.map((m) => m.userId)).size).toBe(2);
    expect(members.filter((m) => m.userCreated)).toHaveLength(2);
  });

  it('writes a member and its key in one transaction: all or nothing', async () => {
    const failing = storage().transaction(async (tx) => {
      const member = await ensureMemberIn(tx, storage().dialect, 'Rolled back', 'Ann');
      await createKey(tx, member.userId, 'wb_rolled-back-key');
      throw new Error('refused half-way');
    });
    await expect(failing).rejects.toThrow('refused half-way');
    const orgs = await storage()
      .db.selectFrom('organizations')
      .select('id')
      .where('name', '=', 'Rolled back')
      .execute();
    expect(orgs).toEqual([]);
    expect(await keyExists(storage().db, 'wb_rolled-back-key')).toBe(false);
    const { member, key } = await storage().transaction(async (tx) => {
      const found = await ensureMemberIn(tx, storage().dialect, 'Committed', 'Ann');
      return { member: found, key: (await createKey(tx, found.userId)).key };
    });
    expect(await findKey(storage().db, key)).toMatchObject({
      userId: member.userId,
      orgId: member.orgId,
    });
  });

  it('never reuses an organization, user or key id after a delete', async () => {
    const orgId = await createOrganization(storage().db, 'Short-lived');
    const userId = await createUser(storage().db, orgId, 'Gone');
    const { id: keyId } = await createKey(storage().db, userId);
    await storage().db.deleteFrom('organizations').where('id', '=', orgId).execute();
    expect(await findKey(storage().db, 'anything')).toBeNull();
    const nextOrg = await createOrganization(storage().db, 'Next');
    const nextUser = await createUser(storage().db, nextOrg, 'Next');
    const { id: nextKey } = await createKey(storage().db, nextUser);
    expect(nextOrg).toBeGreaterThan(orgId);
    expect(nextUser).toBeGreaterThan(userId);
    expect(nextKey).toBeGreaterThan(keyId);
  });

  it('bootstraps once when several servers start at once on an empty database', async () => {
    const { storage: fresh, close } = await both.fresh(kind, 'accounts_race');
    try {
      const results = await Promise.all(Array.from({ length: 4 }, () => ensureBootstrap(fresh)));
      expect(results.filter((r) => r.created)).toEqual([
        { created: true, key: expect.stringMatching(/^wb_/), keyAdded: true },
      ]);
      const organizations = await fresh.db.selectFrom('organizations').select('id').execute();
      expect(organizations).toHaveLength(1);
    } finally {
      await close();
    }
  });

  it('keeps one server secret per name, whoever creates it first', async () => {
    const [a, b, c] = await Promise.all([
      serverSecret(storage(), 'signing'),
      serverSecret(storage(), 'signing'),
      serverSecret(storage(), 'signing'),
    ]);
    expect(a).toHaveLength(32);
    expect(b.equals(a) && c.equals(a)).toBe(true);
    expect((await serverSecret(storage(), 'signing')).equals(a)).toBe(true);
    expect((await serverSecret(storage(), 'other')).equals(a)).toBe(false);
  });
});
