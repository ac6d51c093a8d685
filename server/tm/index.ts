/**
 * The translation-memory engine: tokenizer, fuzzy score, exact candidate index, full-scan
 * reference and inline-code restoration. See score.ts for the score, bounds.ts and
 * query-engine.ts for why the index returns exactly what a full scan would.
 */
export type { TmCodeKind, TmHit, TmIndex, TmQuery, TmToken, TmTokenKind, TmUnit } from './types';
export { createTmIndex, type TmIndexOptions, type TmIndexWithStats } from './tm-index';
export { scoreUnit } from './score';
export { fullScan, prepareFullScan, type FullScanner } from './full-scan';
export { restoreInlineCodes } from './restore';
export { buildInTurns, inPacedSlices } from './pacing';
export { tokenize } from './tokenize';
