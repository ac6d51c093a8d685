import { Type, type Static } from '@sinclair/typebox';
import { EpochSeconds, Id } from './fields';

/** `en`, `en-US`, `pt_BR`, `zh-Hant`: a language tag. */
const LanguageTag = Type.String({
  pattern: '^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*$',
  description: 'a language tag such as en or en-US',
});

/** The longest tone, style guide, summary or section taken. */
export const CREATE_TEXT_MAX = 20_000;
/** The most words a content may ask for. */
export const CONTENT_LENGTH_MAX = 5_000;

const FreeText = (description: string, maxLength = CREATE_TEXT_MAX) =>
  Type.String({ maxLength, description });

/**
 * The template's parameters (API.md part 5). `contentLength` is a number of words; the public
 * curl example sends it as a string ("100"), which is taken too.
 */
export const LiltCreateTemplateParams = Type.Object(
  {
    contentLength: Type.Optional(
      Type.Union([
        Type.Integer({ minimum: 1, maximum: CONTENT_LENGTH_MAX }),
        Type.String({ pattern: '^[1-9][0-9]{0,3}$' }),
      ]),
    ),
    memoryId: Type.Optional(Id),
    language: LanguageTag,
    sections: Type.Optional(Type.Array(FreeText('a section heading', 500), { maxItems: 50 })),
    summary: Type.Optional(FreeText('what the content is about')),
  },
  { additionalProperties: false },
);
export type LiltCreateTemplateParams = Static<typeof LiltCreateTemplateParams>;

/** The organization's preferences, or those a content was generated with. */
export const LiltCreatePreferences = Type.Object(
  {
    tone: Type.Optional(FreeText('the tone, such as formal or friendly', 500)),
    styleguide: Type.Optional(FreeText('style rules the text follows')),
  },
  { additionalProperties: false },
);
export type LiltCreatePreferences = Static<typeof LiltCreatePreferences>;

const Template = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: '\\S',
  description: 'a template such as blog-post, product-description or email',
});
const ContentName = Type.String({
  maxLength: 255,
  description: 'a name of at most 255 characters',
});

/** API.md part 5, LiltCreateContentRequest: what to generate. */
export const LiltCreateContentRequest = Type.Object(
  {
    name: Type.Optional(ContentName),
    language: LanguageTag,
    template: Template,
    templateParams: LiltCreateTemplateParams,
    preferences: Type.Optional(LiltCreatePreferences),
  },
  { additionalProperties: false },
);
export type LiltCreateContentRequest = Static<typeof LiltCreateContentRequest>;

/**
 * Our extension: `finished` (the engine ended), `stopped` (the client left mid-stream: the text
 * is what came until then), `failed` (the engine broke off: the text is what came before).
 */
export const CREATE_STATUSES = ['finished', 'stopped', 'failed'] as const;
export type CreateStatus = (typeof CREATE_STATUSES)[number];

/**
 * API.md part 5, LiltCreateContent, with our extensions: `text` (the generated text, edited by
 * PUT), `status`, `createdAt` and `updatedAt` (epoch seconds). `preferences` are those used.
 */
export const LiltCreateContent = Type.Object({
  id: Id,
  name: Type.Optional(Type.String()),
  language: Type.String(),
  template: Type.String(),
  templateParams: Type.Object({
    contentLength: Type.Optional(Type.Integer()),
    memoryId: Type.Optional(Id),
    language: Type.String(),
    sections: Type.Optional(Type.Array(Type.String())),
    summary: Type.Optional(Type.String()),
  }),
  preferences: LiltCreatePreferences,
  text: Type.String(),
  status: Type.Union(CREATE_STATUSES.map((s) => Type.Literal(s))),
  createdAt: EpochSeconds,
  updatedAt: EpochSeconds,
});
export type LiltCreateContent = Static<typeof LiltCreateContent>;

/** PUT /v2/create/{contentId}: the fields present change (`id`, if given, must be the path's). */
export const LiltCreateContentUpdate = Type.Object(
  {
    id: Type.Optional(Id),
    name: Type.Optional(ContentName),
    language: Type.Optional(LanguageTag),
    template: Type.Optional(Template),
    templateParams: Type.Optional(LiltCreateTemplateParams),
    preferences: Type.Optional(LiltCreatePreferences),
    text: Type.Optional(Type.String({ maxLength: 1_000_000 })),
  },
  { additionalProperties: false },
);
export type LiltCreateContentUpdate = Static<typeof LiltCreateContentUpdate>;

export const LiltCreateContentList = Type.Object({ contents: Type.Array(LiltCreateContent) });
export type LiltCreateContentList = Static<typeof LiltCreateContentList>;

export const SignTermsRequest = Type.Object(
  { signedAgreement: Type.Boolean() },
  { additionalProperties: false },
);
export const SignTermsResponse = Type.Object({ signedAgreement: Type.Boolean() });
export type SignTermsResponse = Static<typeof SignTermsResponse>;

/** PUT /v2/create/preferences, as the public curl example sends it. */
export const PreferencesUpdate = Type.Object(
  {
    tone: Type.Optional(FreeText('the tone, such as formal or friendly', 500)),
    styleguide: Type.Optional(FreeText('style rules the text follows')),
  },
  { additionalProperties: false },
);
export type PreferencesUpdate = Static<typeof PreferencesUpdate>;

/** GET/PUT /v2/create/preferences answer: both fields, empty when unset. */
export const CreatePreferences = Type.Object({ tone: Type.String(), styleguide: Type.String() });
export type CreatePreferences = Static<typeof CreatePreferences>;

const BaseUrl = Type.String({
  minLength: 1,
  maxLength: 2048,
  description: 'an http or https URL up to the API version, such as http://127.0.0.1:11434/v1',
});
const ModelName = Type.String({ minLength: 1, maxLength: 255, pattern: '\\S' });
const ModelPath = Type.String({
  minLength: 1,
  maxLength: 4096,
  description: 'the absolute path of a GGUF model file on the server',
});

/**
 * Our extension, PUT /v2/create/engine: the organization's text engine. `apiKey` omitted keeps
 * the stored key while `baseUrl` stays the same; `null` removes it. `default` goes back to the
 * server's default engine; `none` turns generation off.
 */
export const CreateEngineUpdate = Type.Union([
  Type.Object(
    {
      kind: Type.Literal('openai'),
      baseUrl: BaseUrl,
      model: ModelName,
      apiKey: Type.Optional(Type.Union([Type.String({ maxLength: 4096 }), Type.Null()])),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    { kind: Type.Literal('llama'), modelPath: ModelPath },
    { additionalProperties: false },
  ),
  Type.Object({ kind: Type.Literal('none') }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('default') }, { additionalProperties: false }),
]);
export type CreateEngineUpdate = Static<typeof CreateEngineUpdate>;

/**
 * Our extension, GET/PUT /v2/create/engine: the engine generation uses (never the API key, only
 * whether one is set); `source` says whether it is the organization's or the server's default.
 */
export const CreateEngine = Type.Object({
  kind: Type.Union([Type.Literal('openai'), Type.Literal('llama'), Type.Literal('none')]),
  source: Type.Union([Type.Literal('organization'), Type.Literal('server')]),
  baseUrl: Type.Optional(Type.String()),
  model: Type.Optional(Type.String()),
  hasApiKey: Type.Optional(Type.Boolean()),
  modelPath: Type.Optional(Type.String()),
});
export type CreateEngine = Static<typeof CreateEngine>;

/**
 * The events of a generation's `text/event-stream` (API.md 4.12): `message` with
 * `{"text": piece}` per piece, `message` with `[DONE]`, then `fullcontent` with the saved
 * LiltCreateContent. Our extension: `error` instead of `[DONE]` when the engine broke off
 * mid-stream, its data a CreateStreamError.
 */
export const CREATE_STREAM_EVENTS = ['message', 'fullcontent', 'error'] as const;
export const CREATE_STREAM_DONE = '[DONE]';

/** Our extension: the data of an `error` event; `id` is the content saved with what came. */
export interface CreateStreamError {
  message: string;
  id: number | null;
}

/**
 * POST /v2/create/engine/test (our extension): a few tokens from the organization's engine,
 * nothing saved. `ok` false carries the engine's error in words.
 */
export const CreateEngineTest = Type.Union([
  Type.Object({ ok: Type.Literal(true), text: Type.String(), firstTokenMs: Type.Number() }),
  Type.Object({ ok: Type.Literal(false), message: Type.String() }),
]);
export type CreateEngineTest = Static<typeof CreateEngineTest>;
