import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { openDatabase } from './db';
import { schemaSource } from './schema-source';

it('schema.ts is what the migrations make (else run `npm run db:schema`)', () => {
  const db = openDatabase(':memory:');
  try {
    const written = readFileSync(new URL('./schema.ts', import.meta.url), 'utf8');
    expect(written).toBe(schemaSource(db));
  } finally {
    db.close();
  }
});
