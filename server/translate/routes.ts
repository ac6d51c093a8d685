import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync, FastifySchemaValidationError } from 'fastify';
import {
  MAX_TRANSLATE_SOURCE,
  TranslateSegmentBody,
  TranslationList,
} from '../../shared/api/translate';
import { describeValidation } from '../http/errors';
import { badRequest } from '../http/http-error';
import type { TmRegistry } from '../memories/registry';
import type { MtEngine } from '../mt/engine';
import type { Storage } from '../db/storage';
import { createSegmentTranslator } from './translate-segment';

export interface TranslateRoutesOptions {
  storage: Storage;
  tm: TmRegistry;
  mt: MtEngine | null;
}

const ErrorRef = Type.Ref('Error');
const LIMIT = MAX_TRANSLATE_SOURCE.toLocaleString('en');

/**
 * API.md asks that an over-long source be refused with a message naming the limit in words a
 * person reads ("source is longer than 5,000 characters"), not Ajv's "must NOT have more than".
 */
function validationMessage(issues: FastifySchemaValidationError[], context: string): string {
  const tooLong = issues.find((issue) => issue.keyword === 'maxLength');
  if (tooLong) {
    const field = tooLong.instancePath.replace(/^\//, '');
    return `body field ${field} is longer than ${LIMIT} characters, the limit`;
  }
  return describeValidation(context, issues);
}

/** Segment translation (API.md 4.3, Part A "Segment translation"). */
export const translateRoutes: FastifyPluginAsync<TranslateRoutesOptions> = async (app, options) => {
  const translateSegment = createSegmentTranslator(options);

  app.post(
    '/v2/translate',
    {
      attachValidation: true,
      schema: {
        summary: 'Translate one segment: TM matches, then machine translation',
        description:
          'TM matches first, best first (at least `threshold`, default 50; at most `n`, ' +
          'default 5; 100 exact, 101 exact in the same context given by `segment_id`), then ' +
          "the MT item when an engine serves the memory's pair (score 0: Apertium gives no " +
          'confidence). Without an engine, or when it fails, the TM matches still answer and ' +
          '`mtUnavailable` says why. `rich=true` adds words, delimiters, provenance and, for ' +
          `MT, an estimated alignment. \`source\` is at most ${LIMIT} characters.`,
        tags: ['translate'],
        operationId: 'translateSegment',
        body: TranslateSegmentBody,
        response: { 200: TranslationList, 404: ErrorRef },
      },
    },
    async (request): Promise<TranslationList> => {
      const invalid = request.validationError;
      if (invalid) {
        throw badRequest(validationMessage(invalid.validation, invalid.validationContext));
      }
      return translateSegment(
        request.auth.orgId,
        request.body as TranslateSegmentBody,
        request.log,
      );
    },
  );
};
