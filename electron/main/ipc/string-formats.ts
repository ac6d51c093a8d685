import { FormatRegistry } from '@sinclair/typebox';

// RFC 3339's date-time, as the API's schemas mean it (ajv-formats' rule on the server).
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/**
 * The string formats the contract's schemas use. TypeBox checks only the formats registered
 * here; an unregistered one fails every value (a job with a due date could not be created).
 */
export const STRING_FORMATS: Record<string, (value: string) => boolean> = {
  uri(value) {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  },
  'date-time': (value) => DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)),
};

for (const [name, check] of Object.entries(STRING_FORMATS)) FormatRegistry.Set(name, check);
