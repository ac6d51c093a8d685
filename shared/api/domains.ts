import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './fields';

/** An MT model that serves a domain (API.md 5, Domain `models`): here, an installed Apertium pair. */
export const DomainModel = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  provider: Type.String(),
  status: Type.String(),
  srcLang: Type.String(),
  trgLang: Type.String(),
  srcLocale: Type.Optional(Nullable(Type.String())),
  trgLocale: Type.Optional(Nullable(Type.String())),
});
export type DomainModel = Static<typeof DomainModel>;

/**
 * Our extension on a filter configuration: what it sets for the work that names it by
 * `configId` / `config_id`.
 */
export const FilterSettings = Type.Object({
  tmThreshold: Type.Integer({
    minimum: 50,
    maximum: 101,
    description: 'The lowest TM score file translation takes (POST /v2/translate/file)',
  }),
  csvColumns: Type.Optional(
    Nullable(
      Type.Array(Type.String(), {
        description:
          'CSV: the header names (or 1-based numbers) of the columns to translate; null, every ' +
          'column that mostly holds words and is not key-like',
      }),
    ),
  ),
});
export type FilterSettings = Static<typeof FilterSettings>;

/** API.md 5, Domain `filterConfigs`: one per document format, plus our `settings`. */
export const FilterConfig = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  isDefault: Type.Boolean(),
  filterName: Type.String({ description: 'The document format (GET /v2/documents formats)' }),
  configName: Type.String(),
  configDescription: Type.String(),
  subfilters: Type.Array(Type.String()),
  segmentationConfigSetting: Type.Literal('SENTENCE'),
  srx: Type.String(),
  segmentationConfigName: Type.String(),
  domains: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  default: Type.Boolean(),
  settings: FilterSettings,
});
export type FilterConfig = Static<typeof FilterConfig>;

/** API.md 5, Domain (newer SDK only). */
export const Domain = Type.Object({
  domainId: Type.Integer(),
  domainName: Type.String(),
  models: Type.Array(DomainModel),
  filterConfigs: Type.Array(FilterConfig),
  domainMetadata: Type.Array(
    Type.Object({ id: Type.Integer(), key: Type.String(), value: Type.String() }),
  ),
});
export type Domain = Static<typeof Domain>;

/** `GET /v3/domains` (API.md 4.11). */
export const DomainList = Type.Object({ items: Type.Array(Domain), size: Type.Integer() });
export type DomainList = Static<typeof DomainList>;
