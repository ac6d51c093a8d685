import { Type, type Static } from '@sinclair/typebox';
import { DOCUMENT_LIMITS } from './documents';
import { EpochSeconds, Id } from './fields';

/** The editor's QA checks (renderer/src/features/editor/qa), one warning kind each. */
export const QA_CHECKS = [
  'empty',
  'number-missing',
  'number-extra',
  'number-format',
  'code-missing',
  'code-extra',
  'ending',
  'leading-space',
  'trailing-space',
  'double-space',
  'same-as-source',
] as const;
export const QaCheck = Type.Union(QA_CHECKS.map((check) => Type.Literal(check)));
export type QaCheck = Static<typeof QaCheck>;

/**
 * Our extension: a QA warning a reviewer chose to ignore, for one segment and check, while the
 * segment's target is `target`. Once the target changes the warning shows again.
 */
export const QaIgnore = Type.Object({
  id: Id,
  document_id: Id,
  segment_id: Id,
  check: QaCheck,
  /** The target the warning was ignored on. */
  target: Type.String(),
  /** Who ignored it. */
  user_name: Type.String(),
  created_at: EpochSeconds,
});
export type QaIgnore = Static<typeof QaIgnore>;

/** `GET /v2/documents/qa-ignores?document_id=`: the document's ignores, by segment then check. */
export const QaIgnoreListQuery = Type.Object({ document_id: Id });

/** `POST /v2/documents/qa-ignores?document_id=&segment_id=`, body `{check, target}`. */
export const QaIgnorePlaceQuery = Type.Object({ document_id: Id, segment_id: Id });
export const QaIgnoreBody = Type.Object({
  check: QaCheck,
  target: Type.String({ maxLength: DOCUMENT_LIMITS.segmentChars }),
});
export type QaIgnoreBody = Static<typeof QaIgnoreBody>;

/** `DELETE /v2/documents/qa-ignores?document_id=&segment_id=&check=`. */
export const QaIgnoreDeleteQuery = Type.Object({ document_id: Id, segment_id: Id, check: QaCheck });
export const QaIgnoreDeleteResponse = Type.Object({ deleted: Type.Boolean() });
export type QaIgnoreDeleteResponse = Static<typeof QaIgnoreDeleteResponse>;
