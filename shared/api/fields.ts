import { Type, type TSchema } from '@sinclair/typebox';

/** A field that the wire may carry as `null` (the public format leaves these unset). */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Whole seconds since 1970, as the API carries most timestamps. */
export const EpochSeconds = Type.Integer({ minimum: 0, maximum: 253_402_300_799 });

/** A database id: a positive integer. */
export const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

/** ISO 639 language code as the API uses it (`en`, `es`; three letters where no two-letter one exists). */
export const LanguageCode = Type.String({
  pattern: '^[a-z]{2,3}$',
  description: 'an ISO 639 code of 2 or 3 lowercase letters, such as en',
});

/** A locale or region tag (`US`, `419`, `valencia`). */
export const LocaleCode = Type.String({
  pattern: '^[A-Za-z0-9]{1,8}([-_][A-Za-z0-9]{1,8})*$',
  description: 'a locale or region code, such as US, 419 or valencia',
});

/** A human name: 1 to 255 characters, not only spaces. */
export const DisplayName = Type.String({
  minLength: 1,
  maxLength: 255,
  pattern: '\\S',
  description: 'a name of 1 to 255 characters, not only spaces',
});

/** `1` or `1,2,3`: one id or a comma list, as `GET /v2/projects?id=` takes. */
export const IdList = Type.String({
  pattern: '^\\d{1,15}(,\\d{1,15})*$',
  description: 'an id or a comma-separated list of ids, such as 1,2,3',
});
