import { execFile } from 'node:child_process';
import { join } from 'node:path';
import type { LanguagesResponse } from '../../shared/api/languages';
import { languageName, toApiCode } from './language-names';

/** One installed Apertium translation direction. */
export interface ApertiumPair {
  /** API code of the source language (`en`). */
  source: string;
  /** API code of the target language (`es`). */
  target: string;
  /** The Apertium mode that translates it (`eng-spa`), for `apertium -u MODE`. */
  mode: string;
}

export interface ApertiumOptions {
  /** The `apertium` executable; a path that does not exist means "no Apertium". */
  binary?: string;
  /** Apertium's data folder (`-d`); by default the one `binary` was built with. */
  dataDir?: string;
  timeoutMs?: number;
}

// Only plain pairs: variants (`eng-cat_valencia`), `-morph`, `-tagger` and the like are skipped.
const PLAIN_MODE = /^[a-z]{2,3}-[a-z]{2,3}$/;

/** Reads the output of `apertium -l` (one mode per line, indented) into pairs. */
export function parseModes(output: string): ApertiumPair[] {
  const seen = new Set<string>();
  const pairs: ApertiumPair[] = [];
  for (const line of output.split('\n')) {
    const mode = line.trim();
    if (!PLAIN_MODE.test(mode) || seen.has(mode)) continue;
    seen.add(mode);
    const [from = '', to = ''] = mode.split('-');
    pairs.push({ source: toApiCode(from), target: toApiCode(to), mode });
  }
  return pairs;
}

/**
 * Lists the installed Apertium pairs by running `apertium -l`. A missing or failing Apertium is a
 * normal situation on a fresh machine: it yields no pairs, not an error.
 */
export async function discoverApertiumPairs(
  options: ApertiumOptions = {},
): Promise<ApertiumPair[]> {
  return (await listModes(options)).pairs;
}

/**
 * `isSettled` is false when Apertium is there but did not answer (a timeout on a busy machine):
 * such an answer must not be kept, while "not installed" may be.
 */
function listModes(
  options: ApertiumOptions,
): Promise<{ pairs: ApertiumPair[]; isSettled: boolean }> {
  const { binary = 'apertium', dataDir, timeoutMs = 15_000 } = options;
  const args = dataDir ? ['-d', dataDir, '-l'] : ['-l'];
  return new Promise((resolve) => {
    execFile(binary, args, { timeout: timeoutMs, encoding: 'utf8' }, (error, stdout) => {
      if (!error) resolve({ pairs: parseModes(stdout), isSettled: true });
      else resolve({ pairs: [], isSettled: (error as NodeJS.ErrnoException).code === 'ENOENT' });
    });
  });
}

/** The `GET /v2/languages` answer for a set of pairs, with a name for every code that appears. */
export function languagesFromPairs(pairs: ApertiumPair[]): LanguagesResponse {
  const sourceToTarget: LanguagesResponse['source_to_target'] = {};
  const codeToName: LanguagesResponse['code_to_name'] = {};
  for (const { source, target } of pairs) {
    (sourceToTarget[source] ??= {})[target] = true;
    codeToName[source] ??= languageName(source);
    codeToName[target] ??= languageName(target);
  }
  return { source_to_target: sourceToTarget, code_to_name: codeToName };
}

/**
 * A languages provider for `buildApp`: discovers once, on first use, and keeps the answer for the
 * server's lifetime (installing a pair means restarting the server).
 */
export function apertiumLanguages(options: ApertiumOptions = {}): () => Promise<LanguagesResponse> {
  let cached: Promise<LanguagesResponse> | undefined;
  return () => {
    cached ??= listModes(options).then(({ pairs, isSettled }) => {
      // Ask again next time rather than serve "no pairs" for the server's lifetime.
      if (!isSettled) cached = undefined;
      return languagesFromPairs(pairs);
    });
    return cached;
  };
}

/** Apertium's data folder as its front end finds it: `$APERTIUM_DATADIR`, else the Debian path. */
export function defaultApertiumDataDir(): string {
  return process.env.APERTIUM_DATADIR || '/usr/share/apertium';
}

/**
 * The shell pipeline of one mode with null flush on every stage, exactly what `apertium -z MODE`
 * runs inside its wrapper: `apertium-wblank-mode -z` reads `DATA/modes/MODE.mode`, adds `-z` to
 * each stage and the word-bound blank attach/detach steps. `$1` is the generator's option (`-n`
 * for unmarked unknown words, as `apertium -u`), `$2` the tagger's (empty).
 */
export function readModeStages(mode: string, dataDir = defaultApertiumDataDir()): Promise<string> {
  const file = join(dataDir, 'modes', `${mode}.mode`);
  return new Promise((resolve, reject) => {
    const options = { encoding: 'utf8' as const, timeout: 5000 };
    execFile('apertium-wblank-mode', ['-z', file], options, (error, stdout) => {
      if (error || !stdout.trim()) {
        reject(new Error(`cannot read the Apertium mode ${file}: ${error?.message ?? 'empty'}`));
      } else {
        resolve(stdout.trim());
      }
    });
  });
}
