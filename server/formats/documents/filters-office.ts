import { androidFilter } from './android';
import { iosStringsFilter } from './ios-strings';
import { xcstringsFilter } from './xcstrings';
import { docxFilter, pptxFilter, xlsxFilter } from './office-formats';
import type { DocumentFilter } from './filter';

/** Zip-based office formats and mobile app string files. */
export const OFFICE_FILTERS: readonly DocumentFilter[] = [
  docxFilter,
  pptxFilter,
  xlsxFilter,
  androidFilter,
  iosStringsFilter,
  xcstringsFilter,
];
