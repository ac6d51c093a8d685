/** `npm run db:schema`: rewrites schema.ts from a freshly migrated database. */
import { writeFileSync } from 'node:fs';
import { openDatabase } from './db';
import { schemaSource } from './schema-source';

const db = openDatabase(':memory:');
writeFileSync(new URL('./schema.ts', import.meta.url), schemaSource(db));
db.close();
