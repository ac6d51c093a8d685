import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { LanguagePair } from '../formats/languages';
import { tbxBatches } from '../formats/tbx-reader';
import { readRows, tableLayout, type TableDialect } from '../formats/table-reader';
import { FormatError } from '../formats/text-decode';
import { isTermsFileName, sniffFormat } from '../formats/sniff';
import { tmxBatches } from '../formats/tmx-reader';
import { xliffBatches } from '../formats/xliff-reader';
import type { ImportOptions } from './import-job';
import type { Staging, StagedTerm, StagedUnit } from './staging';
import { languageTags, withLocales, type MemoryTags } from './unit-locales';

const BATCH = 5000;
const HEAD_BYTES = 4096;
const READ_CHUNK = 256 * 1024;

async function readHead(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Stages batches of units or terms as they stream in. */
function batcher<T>(write: (batch: T[]) => void) {
  let batch: T[] = [];
  return {
    add(item: T) {
      batch.push(item);
      if (batch.length >= BATCH) {
        write(batch);
        batch = [];
      }
    },
    flush() {
      if (batch.length > 0) write(batch);
      batch = [];
    },
  };
}

/**
 * Parses the file into the staging area. Returns how many items the readers left out (a
 * `<tu>` without one of the languages, an empty translation, SDLXLIFF filters).
 */
export async function stageFile(
  path: string,
  name: string,
  memory: MemoryTags,
  options: ImportOptions,
  staging: Staging,
): Promise<number> {
  const format = sniffFormat(await readHead(path), name);
  const stream = () => createReadStream(path, { highWaterMark: READ_CHUNK });
  const languages = { srclang: memory.srclang, trglang: memory.trglang };
  const memoryTags = languageTags(memory);
  let skipped = 0;
  const onSkip = () => {
    skipped += 1;
  };
  const units = batcher<StagedUnit>((batch) => staging.addUnits(batch));
  const terms = batcher<StagedTerm>((batch) => staging.addTerms(batch));

  switch (format) {
    case 'tmx':
      for await (const batch of tmxBatches(stream(), { languages, onSkip })) {
        staging.addUnits(batch.map((unit) => withLocales(unit, memoryTags)));
      }
      break;
    case 'xliff': {
      const filters = options.sdlxliffFilters;
      for await (const batch of xliffBatches(stream(), {
        languages,
        sdlxliffFilters: filters,
        onSkip,
      })) {
        staging.addUnits(batch);
      }
      break;
    }
    case 'tbx':
      for await (const batch of tbxBatches(stream(), { languages, onSkip }))
        staging.addTerms(batch);
      break;
    case 'csv':
    case 'tsv':
      skipped = await stageTable(stream(), format, name, languages, options, units, terms);
      break;
  }
  units.flush();
  terms.flush();
  return skipped;
}

async function stageTable(
  stream: AsyncIterable<Buffer>,
  dialect: TableDialect,
  name: string,
  languages: LanguagePair,
  options: ImportOptions,
  units: { add(unit: StagedUnit): void },
  terms: { add(term: StagedTerm): void },
): Promise<number> {
  let layout: ReturnType<typeof tableLayout> | null = null;
  let skipped = 0;
  let line = 0;
  for await (const row of readRows(stream, dialect)) {
    line += 1;
    if (row.length === 1 && row[0]?.trim() === '') continue;
    if (!layout) {
      layout = tableLayout(row, languages, {
        hasHeaderRow: options.hasHeaderRow,
        isTermsName: isTermsFileName(name),
      });
      if (layout.hasHeader) continue;
    }
    const source = row[layout.source]?.trim() ?? '';
    const target = row[layout.target]?.trim() ?? '';
    if (source === '' || target === '') {
      skipped += 1;
      continue;
    }
    if (!layout.isTerms) {
      units.add({ source, target });
      continue;
    }
    const extra: Record<string, string> = {};
    for (const column of layout.extras) {
      const value = row[column.index]?.trim();
      if (value) extra[column.name] = value;
    }
    terms.add({ source, target, extra });
  }
  if (line === 0) throw new FormatError('The file is empty');
  return skipped;
}
