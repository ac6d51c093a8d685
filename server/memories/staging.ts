import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import type { NativeCodes } from '../formats/inline-codes';

/** A unit read from a file, ready to stage. */
export interface StagedUnit {
  source: string;
  target: string;
  prevSource?: string | null;
  nextSource?: string | null;
  contextKey?: string | null;
  created?: number;
  changed?: number;
  /** Native data of the inline codes: kept in the unit's metadata for the TMX writer. */
  codes?: NativeCodes;
  /**
   * The language tags of the file's `<tuv>`s (`en-US`) when they are not the memory's own: kept
   * in the unit's metadata, so that a TMX export writes them back as imported.
   */
  locales?: UnitLocales;
}

/** A unit's source and target language tags as imported. */
export interface UnitLocales {
  srclang: string;
  trglang: string;
}

/** What a staged unit keeps in `memory_units.metadata` (JSON), read back by the TMX export. */
export interface UnitMetadata {
  codes?: NativeCodes;
  srclang?: string;
  trglang?: string;
}

function unitMetadata(unit: StagedUnit): string | null {
  if (!unit.codes && !unit.locales) return null;
  const metadata: UnitMetadata = { ...(unit.codes ? { codes: unit.codes } : {}), ...unit.locales };
  return JSON.stringify(metadata);
}

export interface StagedTerm {
  source: string;
  target: string;
  extra?: Record<string, string> | null;
}

// One JSON array per line: ["u", source, target, prev, next, key, metadata, created, changed]
// or ["t", source, target, extra]. JSON escapes line breaks, so a line is a record.
export type StagedRecord =
  | [
      'u',
      string,
      string,
      string | null,
      string | null,
      string | null,
      string | null,
      number | null,
      number | null,
    ]
  | ['t', string, string, string | null];

const READ_CHUNK = 1024 * 1024;

/**
 * An import's rows, parsed but not yet in the memory: a scratch file of JSON lines under the
 * blobs' temporary folder (cleared at every start). The upload is parsed asynchronously while the
 * server goes on serving, and nothing touches the memory until the whole file has been read, so
 * a bad file leaves the memory as it was; then `applyStaged` (apply-import.ts) writes the rows.
 */
export function openStaging(dir: string) {
  const path = join(dir, `import-${randomUUID()}.jsonl`);
  const fd = openSync(path, 'wx', 0o600);
  let isOpen = true;
  let units = 0;
  let terms = 0;

  const write = (lines: string) => {
    if (lines) writeSync(fd, lines);
  };
  const close = () => {
    if (!isOpen) return;
    isOpen = false;
    closeSync(fd);
  };

  return {
    path,
    addUnits(batch: readonly StagedUnit[]): void {
      let lines = '';
      for (const unit of batch) {
        const record: StagedRecord = [
          'u',
          unit.source,
          unit.target,
          unit.prevSource ?? null,
          unit.nextSource ?? null,
          unit.contextKey ?? null,
          unitMetadata(unit),
          unit.created ?? null,
          unit.changed ?? unit.created ?? null,
        ];
        lines += `${JSON.stringify(record)}\n`;
      }
      write(lines);
      units += batch.length;
    },
    addTerms(batch: readonly StagedTerm[]): void {
      let lines = '';
      for (const term of batch) {
        const extra =
          term.extra && Object.keys(term.extra).length > 0 ? JSON.stringify(term.extra) : null;
        const record: StagedRecord = ['t', term.source, term.target, extra];
        lines += `${JSON.stringify(record)}\n`;
      }
      write(lines);
      terms += batch.length;
    },
    get units() {
      return units;
    },
    get terms() {
      return terms;
    },
    /** Ends writing; the file is complete. */
    finishReading: close,
    /** Closes and deletes the scratch file. */
    discard(): void {
      close();
      rmSync(path, { force: true });
    },
  };
}

export type Staging = ReturnType<typeof openStaging>;

/** A staged unit: ["u", source, target, prev, next, key, metadata, created, changed]. */
export type StagedUnitRecord = Extract<StagedRecord, ['u', ...unknown[]]>;
/** A staged term: ["t", source, target, extra]. */
export type StagedTermRecord = Extract<StagedRecord, ['t', ...unknown[]]>;

/**
 * The staged records in file order, `size` at a time, the first `skip` left out (an earlier
 * attempt of the import committed them). Read synchronously a chunk of the file at a time.
 */
export function* stagedBatches(
  path: string,
  skip: number,
  size: number,
): Generator<StagedRecord[]> {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(READ_CHUNK);
    const decoder = new StringDecoder('utf8');
    let rest = '';
    let seen = 0;
    let batch: StagedRecord[] = [];
    const take = function* (line: string) {
      seen += 1;
      if (seen <= skip) return;
      batch.push(JSON.parse(line) as StagedRecord);
      if (batch.length === size) {
        yield batch;
        batch = [];
      }
    };
    for (;;) {
      const read = readSync(fd, buffer, 0, READ_CHUNK, null);
      if (read === 0) break;
      const text = rest + decoder.write(buffer.subarray(0, read));
      let start = 0;
      for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
        yield* take(text.slice(start, end));
        start = end + 1;
      }
      rest = text.slice(start);
    }
    if (rest) yield* take(rest);
    if (batch.length > 0) yield batch;
  } finally {
    closeSync(fd);
  }
}
