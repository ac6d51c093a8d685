import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createOtherOrganization, createTestApp, type TestApp } from '../test-support';
import { createWorld, kindOf, type ApiWorld } from './api-world';
import {
  injectOptions,
  loadOperations,
  validDraft,
  type ApiOperation,
  type Draft,
  type IdResolver,
} from './openapi-requests';
import { orgRows, ownershipQueries } from './org-rows';
import { idSlots, masked, matrixCases, separateIdRanges, type MatrixCase } from './tenancy-cases';

// Two organizations on one server (issue 11, "Tests that stay"): the other organization makes
// one of every resource, then ours calls every operation of /openapi.json with the other's ids
// in every id-like slot. A leak is an answer that differs from the one for an id nobody has
// (status, or message with the ids masked), an answer that shows any of their data, or any
// change to their rows. Generated from the document, so the matrix grows with the routes.

const THEIR_MARKER = 'tenant-b-secret';

let t: TestApp;
let ours: ApiWorld;
let theirs: ApiWorld;
let theirOrg: number;
let operations: ApiOperation[];
let queries: Map<string, string>;

beforeAll(async () => {
  // Webhook deliveries stay queued: a dispatcher's attempts would change their rows meanwhile.
  t = await createTestApp({ mt: null, webhooks: { paused: true } });
  ours = await createWorld(t.app, t.storage.db, t.key, 'tenant-a');
  await separateIdRanges(t.storage);
  const other = await createOtherOrganization(t.storage);
  theirOrg = other.orgId;
  theirs = await createWorld(t.app, t.storage.db, other.key, THEIR_MARKER);
  operations = await loadOperations(t.app);
  queries = await ownershipQueries(t.storage);
});
afterAll(() => t.close());

const ownIds: IdResolver = (op, name) => {
  const kind = kindOf(op, name);
  return kind ? ours.ids[kind] : undefined;
};
const send = (draft: Draft) => t.app.inject(injectOptions(draft, ours.key));
const theirRows = () => orgRows(t.storage.db, queries, theirOrg);

function messageOf(response: LightMyRequestResponse): string {
  try {
    const { message } = response.json() as { message?: unknown };
    return typeof message === 'string' ? message : response.body;
  } catch {
    return response.body;
  }
}

/** What leaked in one row of the matrix, if anything. */
function leaksOf(c: MatrixCase, foreign: LightMyRequestResponse, unknown: LightMyRequestResponse) {
  const found: string[] = [];
  if (foreign.statusCode !== unknown.statusCode) {
    found.push(`status ${foreign.statusCode}, not ${unknown.statusCode} as for an unknown id`);
  } else if (foreign.statusCode >= 400) {
    const theirs = masked(messageOf(foreign), c.foreignValues);
    const nobody = masked(messageOf(unknown), c.unknownValues);
    if (theirs !== nobody) found.push(`message "${theirs}", not "${nobody}"`);
  }
  if (foreign.body.includes(THEIR_MARKER))
    found.push(`shows their data: ${foreign.body.slice(0, 120)}`);
  return found;
}

describe('two organizations, every operation, the other one’s ids', () => {
  it('leaks nothing: answers as for unknown ids, shows and changes none of their data', async () => {
    const initial = await theirRows();
    let rows = initial;
    const leaks: string[] = [];
    let crossRequests = 0;
    let plainRequests = 0;
    for (const op of operations) {
      for (const c of matrixCases(op, ownIds, theirs)) {
        const unknown = await send(c.unknown);
        const foreign = await send(c.foreign);
        crossRequests += 1;
        const found = leaksOf(c, foreign, unknown);
        const now = await theirRows();
        const changed = Object.keys(now).filter(
          (table) => JSON.stringify(now[table]) !== JSON.stringify(rows[table]),
        );
        if (changed.length > 0) found.push(`changed their rows (${changed.join(', ')})`);
        rows = now;
        if (found.length > 0) leaks.push(`${op.key} [${c.label}]: ${found.join('; ')}`);
      }
      // Lists, and calls that take no id, must not show their data either. (Other calls with
      // our own ids would delete our resources under the matrix; the rows above cover them.)
      if (op.method !== 'GET' && idSlots(op).length > 0) continue;
      const required: IdResolver = (o, name) =>
        o.parameters.some((p) => p.name === name && p.required) ? ownIds(o, name) : undefined;
      const plain = await send(validDraft(op, required));
      plainRequests += 1;
      if (plain.body.includes(THEIR_MARKER)) leaks.push(`${op.key} (own call) shows their data`);
    }
    console.log(
      `tenancy matrix: ${crossRequests} cross-organization requests (each beside its unknown-id ` +
        `twin) over ${operations.length} operations, plus ${plainRequests} own calls; ` +
        `${leaks.length} leaks`,
    );
    expect(leaks, leaks.join('\n')).toEqual([]);
    expect(await theirRows()).toEqual(initial);
  });

  it('left their data whole and theirs to use', async () => {
    const api = apiClient(t.app, theirs.key);
    const document = await api.get(`/v2/documents?id=${theirs.ids.document}`);
    expect(document.statusCode).toBe(200);
    expect(document.body).toContain(THEIR_MARKER);
    const file = await api.get(`/v2/files/download?id=${theirs.ids.file}`);
    expect(file.body).toBe(`${THEIR_MARKER} file bytes`);
  });
});
