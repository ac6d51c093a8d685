import { docxFilter } from './docx';
import type { DocumentFilter } from './filter';

/** Zip-based office formats and mobile app string files. */
export const OFFICE_FILTERS: readonly DocumentFilter[] = [docxFilter];
