import { Type, type Static } from '@sinclair/typebox';

/** `GET /v2/languages` (API.md 4.10): which source languages translate into which targets. */
export const LanguagesResponse = Type.Object({
  source_to_target: Type.Record(Type.String(), Type.Record(Type.String(), Type.Boolean())),
  code_to_name: Type.Record(Type.String(), Type.String()),
});
export type LanguagesResponse = Static<typeof LanguagesResponse>;
