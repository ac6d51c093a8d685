import { sql } from 'kysely';
import type { Storage } from '../db/storage';
import { kindOf, type ApiWorld } from './api-world';
import type { JsonSchema } from '../http/json-schema-check';
import {
  cloneDraft,
  isIdLike,
  objectBranch,
  type ApiOperation,
  type Draft,
  type IdResolver,
  validDraft,
} from './openapi-requests';

// Test support for the tenancy matrix: every id-like slot of an operation (query, path, header
// or body field), filled with another organization's ids and, for comparison, with unknown ones.

export interface IdSlot {
  place: 'query' | 'path' | 'header' | 'body';
  name: string;
  schema: JsonSchema;
}

export type IdValue = number | string;

/** One cross-organization request and the unknown-id request it must answer like. */
export interface MatrixCase {
  label: string;
  foreign: Draft;
  unknown: Draft;
  /** What was put in, to be masked when messages are compared. */
  foreignValues: IdValue[];
  unknownValues: IdValue[];
}

/** An id no organization has (far above every sequence) and a key no upload has. */
export const UNKNOWN_ID = 999_999;
export const UNKNOWN_KEY = 'uploads/00000000-0000-4000-8000-000000000000';

const isKeySlot = (slot: IdSlot) => /Key$|^\*$/.test(slot.name);

export function idSlots(op: ApiOperation): IdSlot[] {
  const slots: IdSlot[] = op.parameters
    .filter((p) => isIdLike(p.name, p.schema))
    .map((p) => ({ place: p.place, name: p.name, schema: p.schema }));
  if (op.body && op.body.mediaType === 'application/json') {
    const properties = objectBranch(op.body.schema).properties ?? {};
    for (const [name, schema] of Object.entries(properties)) {
      if (isIdLike(name, schema)) slots.push({ place: 'body', name, schema });
    }
  }
  return slots;
}

/** A copy of `draft` with `value` in `slot`, typed as the slot wants it. */
export function withValue(draft: Draft, slot: IdSlot, value: IdValue): Draft {
  const copy = cloneDraft(draft);
  const text = String(value);
  if (slot.place === 'path') copy.path[slot.name] = text;
  else if (slot.place === 'header') copy.headers[slot.name] = text;
  else if (slot.place === 'query') {
    copy.query = [...copy.query.filter(([n]) => n !== slot.name), [slot.name, text]];
  } else if (copy.body.kind === 'json') {
    const typed =
      slot.schema.type === 'array' ? [value] : slot.schema.type === 'string' ? text : value;
    (copy.body.value as Record<string, unknown>)[slot.name] = typed;
  }
  return copy;
}

/**
 * The matrix rows of one operation: each slot with each of `theirs`' ids (keys for key slots),
 * the others left at the caller's own valid ids; and, when there are several slots, all of them
 * at once with `theirs`' ids of the right kind (a consistent foreign tuple).
 */
export function matrixCases(op: ApiOperation, own: IdResolver, theirs: ApiWorld): MatrixCase[] {
  const valid = validDraft(op, own);
  const slots = idSlots(op);
  const ids = Object.values(theirs.ids);
  const cases: MatrixCase[] = [];
  for (const slot of slots) {
    const unknownValue = isKeySlot(slot) ? UNKNOWN_KEY : UNKNOWN_ID;
    const unknown = withValue(valid, slot, unknownValue);
    const values = ids.filter((v) => (typeof v === 'string') === isKeySlot(slot));
    for (const value of new Set(values)) {
      cases.push({
        label: `${slot.place} ${slot.name} = ${value}`,
        foreign: withValue(valid, slot, value),
        unknown,
        foreignValues: [value],
        unknownValues: [unknownValue],
      });
    }
  }
  const typed = slots.flatMap((slot) => {
    const kind = kindOf(op, slot.name);
    return kind ? [{ slot, value: theirs.ids[kind] }] : [];
  });
  if (typed.length > 1) {
    let foreign = valid;
    let unknown = valid;
    for (const { slot, value } of typed) {
      foreign = withValue(foreign, slot, value);
      unknown = withValue(unknown, slot, isKeySlot(slot) ? UNKNOWN_KEY : UNKNOWN_ID);
    }
    cases.push({
      label: `all of ${typed.map((t) => t.slot.name).join(', ')} theirs`,
      foreign,
      unknown,
      foreignValues: typed.map((t) => t.value),
      unknownValues: [UNKNOWN_ID, UNKNOWN_KEY],
    });
  }
  return cases;
}

/**
 * Moves every id sequence to its own range (table n starts at n × 1000): ids made afterwards are
 * above all the earlier ones and differ between tables, so one organization's id of any kind is
 * never a valid id of the other's, of the same kind or another. SQLite's AUTOINCREMENT tables
 * keep theirs in sqlite_sequence; PostgreSQL's identity columns each have a sequence.
 */
export async function separateIdRanges(storage: Storage): Promise<void> {
  const { db } = storage;
  if (storage.dialect === 'postgres') {
    const { rows } = await sql<{ name: string }>`
      SELECT table_name AS name FROM information_schema.columns
       WHERE table_schema = current_schema() AND is_identity = 'YES' AND column_name = 'id'
       ORDER BY table_name`.execute(db);
    for (const [i, { name }] of rows.entries()) {
      await sql`SELECT setval(pg_get_serial_sequence(${name}, 'id'), ${(i + 1) * 1000})`.execute(
        db,
      );
    }
    return;
  }
  const { rows } = await sql<{ name: string }>`
    SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE '%AUTOINCREMENT%'`.execute(db);
  for (const [i, { name }] of rows.entries()) {
    await sql`DELETE FROM sqlite_sequence WHERE name = ${name}`.execute(db);
    await sql`INSERT INTO sqlite_sequence (name, seq) VALUES (${name}, ${(i + 1) * 1000})`.execute(
      db,
    );
  }
}

/** A message with the ids that were put in masked, so that two answers can be compared. */
export function masked(message: string, values: IdValue[]): string {
  return values.reduce<string>((text, value) => {
    const escaped = String(value).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    return text.replace(new RegExp(`(?<![\\w-])${escaped}(?![\\w-])`, 'g'), '<id>');
  }, message);
}
