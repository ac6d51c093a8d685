import { Type } from '@sinclair/typebox';
import {
  CreateEngineUpdate,
  LiltCreateContentRequest,
  LiltCreateContentUpdate,
  PreferencesUpdate,
  SignTermsRequest,
  type CreateEngine,
  type CreatePreferences,
  type CreateStatus,
  type LiltCreateContent,
  type SignTermsResponse,
} from '../api/create';
import type { DocumentWithSegments } from '../api/documents';
import { Id } from '../api/fields';
import { ById, channel, closed, NoInput } from './channel-def';

/** Names one running generation, chosen by the page, so its pieces and its stop find it. */
export const GenerationId = Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' });

/** How a generation ended, with the content the server saved (null if none was found). */
export interface GenerationResult {
  status: CreateStatus;
  content: LiltCreateContent | null;
  /** Why the engine broke off (`failed`). */
  message?: string;
}

/** A piece of generated text, pushed as the server streams it (`create:piece`). */
export interface GenerationPiece {
  generationId: string;
  text: string;
}

/** The Create view's channels (API.md 4.12 and our `/v2/create/engine` extension). */
export const createChannels = {
  /** Whether the organization has signed the Create terms (our GET extension). */
  'create:get-terms': channel<SignTermsResponse>()(NoInput),
  /** Signs (or withdraws) the organization's Create terms. */
  'create:sign-terms': channel<SignTermsResponse>()(SignTermsRequest),
  'create:get-preferences': channel<CreatePreferences>()(NoInput),
  'create:set-preferences': channel<CreatePreferences>()(closed(PreferencesUpdate)),
  /** The organization's contents, oldest first. */
  'create:list': channel<LiltCreateContent[]>()(NoInput),
  'create:get': channel<LiltCreateContent>()(ById),
  /** Only the fields present change; `text` is the edited text. */
  'create:update': channel<LiltCreateContent>()(
    Type.Object(
      {
        id: Id,
        name: LiltCreateContentUpdate.properties.name,
        text: LiltCreateContentUpdate.properties.text,
      },
      { additionalProperties: false },
    ),
  ),
  'create:delete': channel<{ id: number }>()(ById),
  /**
   * Generates a new content: pieces arrive as `create:piece` events while this call runs; it
   * answers when the stream ends or `create:stop` cut it.
   */
  'create:generate': channel<GenerationResult>()(
    Type.Object(
      { generationId: GenerationId, request: LiltCreateContentRequest },
      { additionalProperties: false },
    ),
  ),
  /** Generates a content's text again, with its stored parameters. */
  'create:regenerate': channel<GenerationResult>()(
    Type.Object({ generationId: GenerationId, id: Id }, { additionalProperties: false }),
  ),
  /** Stops a generation: the HTTP request is aborted and the server saves what came. */
  'create:stop': channel<{ stopped: boolean }>()(
    Type.Object({ generationId: GenerationId }, { additionalProperties: false }),
  ),
  /** The engine generation uses (never its API key: `hasApiKey` only). */
  'create:get-engine': channel<CreateEngine>()(NoInput),
  'create:set-engine': channel<CreateEngine>()(CreateEngineUpdate),
  /**
   * Generates a few tokens with the engine as set, leaving no content behind; the engine's
   * error comes back as an error in words.
   */
  'create:test-engine': channel<{ text: string; firstTokenMs: number }>()(NoInput),
  /**
   * "Translate into…": the content's text becomes a document (.txt, or .md when it is Markdown)
   * of the project, sent through the document upload channel's handler.
   */
  'create:to-document': channel<DocumentWithSegments>()(
    Type.Object({ id: Id, project_id: Id }, { additionalProperties: false }),
  ),
  /** Desktop: a file dialog for a GGUF model. `supported: false` where the host has none. */
  'create:pick-model': channel<{ supported: boolean; path: string | null }>()(NoInput),
};
