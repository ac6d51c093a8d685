import { execFile } from 'node:child_process';
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
export function discoverApertiumPairs(options: ApertiumOptions = {}): Promise<ApertiumPair[]> {
  const { binary = 'apertium', timeoutMs = 5000 } = options;
  return new Promise((resolve) => {
    execFile(binary, ['-l'], { timeout: timeoutMs, encoding: 'utf8' }, (error, stdout) => {
      resolve(error ? [] : parseModes(stdout));
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
    cached ??= discoverApertiumPairs(options).then(languagesFromPairs);
    return cached;
  };
}
