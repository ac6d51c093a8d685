import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { EpochSeconds, Id } from '../api/fields';
import { FileCategory, LabelName, type FileDeleteResponse, type SourceFile } from '../api/files';
import {
  Annotation,
  MAX_COMMENT_TEXT,
  type Comment,
  type CommentDeleteResponse,
  type DocumentComments,
} from '../api/comments';
import {
  DocumentDownloadQuery,
  DocumentSegmentsQuery,
  Pretranslate,
  type DocumentDeleteResponse,
  type DocumentSegmentsPage,
  type DocumentWithSegments,
} from '../api/documents';
import {
  FILE_TM_THRESHOLD_RANGE,
  TranslationStatus,
  type TranslationInfo,
} from '../api/file-translation';
import type { LanguagesResponse } from '../api/languages';
import {
  QaIgnoreBody,
  QaIgnoreDeleteQuery,
  QaIgnoreListQuery,
  QaIgnorePlaceQuery,
  type QaIgnore,
  type QaIgnoreDeleteResponse,
} from '../api/qa';
import { ConcordanceQuery, type ConcordanceResponse } from '../api/concordance';
import {
  MemoryCreateParameters,
  MemoryUpdateParameters,
  type DeleteResponse,
  type Memory,
} from '../api/memories';
import {
  MemoryLookupQuery,
  type DeleteSegmentResponse,
  type MemoryImportResponse,
  type Term,
  type TranslationMemoryEntry,
} from '../api/tm';
import {
  ProjectCreateParameters,
  ProjectListQuery,
  ProjectUpdateParameters,
  type Project,
} from '../api/projects';
import {
  MAX_BATCH_SEGMENTS,
  SegmentBatchItem,
  SegmentBatchParameters,
  SegmentUpdateParameters,
  type Segment,
  type SegmentBatchResponse,
} from '../api/segments';
import {
  TermHitsQuery,
  TranslateSegmentBody,
  type TermHit,
  type TranslationList,
} from '../api/translate';
import {
  ConnectionInput,
  type AppInfo,
  type ConnectionState,
  type ConnectionTestResult,
} from './settings';
import {
  ById,
  channel,
  closed,
  NoInput,
  type ChannelDef,
  type DownloadResult,
} from './channel-def';
import { createChannels, type GenerationPiece } from './create-channels';
import { jobChannels } from './jobs-channels';
import { webhookChannels } from './webhooks-channels';

export type { DownloadResult } from './channel-def';

const UploadId = Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' });
const CommentText = Type.String({ minLength: 1, maxLength: MAX_COMMENT_TEXT, pattern: '\\S' });
const FileLabel = Type.Object({ id: Id, name: LabelName }, { additionalProperties: false });

/** What the monitor filters on; with none of them, every translation (`fromTime=0`). */
export const TranslationListFilters = Type.Object(
  {
    ids: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 500 })),
    status: Type.Optional(TranslationStatus),
    /** Epoch seconds, inclusive. */
    fromTime: Type.Optional(EpochSeconds),
    /** Epoch seconds, exclusive. */
    toTime: Type.Optional(EpochSeconds),
  },
  { additionalProperties: false },
);
export type TranslationListFilters = Static<typeof TranslationListFilters>;

/**
 * The single source of truth for IPC: channel name (`area:verb-noun`) -> input schema and output
 * type. Both hosts (Electron IPC and the web host) serve exactly these channels, and the preload
 * builds one bridge method per channel from it. No channel returns the API key.
 */
export const contract = {
  'app:get-info': channel<AppInfo>()(NoInput),
  'settings:get-connection': channel<ConnectionState>()(NoInput),
  'settings:set-connection': channel<ConnectionState>()(ConnectionInput),
  'settings:set-api-key': channel<ConnectionState>()(
    Type.Object(
      { key: Type.String({ minLength: 1, maxLength: 1024, pattern: '^\\S+$' }) },
      { additionalProperties: false },
    ),
  ),
  'settings:clear-api-key': channel<ConnectionState>()(NoInput),
  'settings:test-connection': channel<ConnectionTestResult>()(NoInput),
  'languages:list': channel<LanguagesResponse>()(NoInput),
  'memories:list': channel<Memory[]>()(NoInput),
  'memories:create': channel<Memory>()(closed(MemoryCreateParameters)),
  'memories:rename': channel<Memory>()(closed(MemoryUpdateParameters)),
  'memories:delete': channel<DeleteResponse>()(ById),
  /** Fuzzy lookup, best first (`GET /v2/memories/query`). */
  'memories:query': channel<TranslationMemoryEntry[]>()(closed(MemoryLookupQuery)),
  /** Streams a TMX/XLIFF/CSV/TSV/TBX file into a memory; it processes in the background. */
  'memories:import': channel<MemoryImportResponse>()(
    Type.Object(
      {
        uploadId: UploadId,
        memory_id: Id,
        name: Type.String({ minLength: 1, maxLength: 255 }),
        path: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
        size: Type.Optional(Type.Integer({ minimum: 0 })),
        has_header_row: Type.Optional(Type.Boolean()),
        skip_duplicates: Type.Optional(Type.Boolean()),
      },
      { additionalProperties: false },
    ),
  ),
  /** The memory as TMX 1.4b (our `GET /v2/memories/export` extension). */
  'memories:export': channel<DownloadResult>()(ById),
  'memories:delete-unit': channel<DeleteSegmentResponse>()(
    Type.Object({ id: Id, segment_id: Id }, { additionalProperties: false }),
  ),
  /** The termbase's terms (export, wait, download the CSV, parse), at most `limit`. */
  'memories:terms': channel<Term[]>()(
    Type.Object(
      { id: Id, limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })) },
      { additionalProperties: false },
    ),
  ),
  /** Projects with their documents; the filters are those of `GET /v2/projects`. */
  'projects:list': channel<Project[]>()(closed(ProjectListQuery)),
  'projects:create': channel<Project>()(closed(ProjectCreateParameters)),
  /** Moves, renames, archives: only the fields present change (legacy `PUT /v2/projects`). */
  'projects:update': channel<Project>()(closed(ProjectUpdateParameters)),
  'projects:delete': channel<DeleteResponse>()(ById),
  ...jobChannels,
  ...webhookChannels,
  ...createChannels,
  /** The organization's files; with `labels`, only files having all of them. */
  'files:list': channel<SourceFile[]>()(
    Type.Object(
      { labels: Type.Optional(Type.Array(LabelName, { maxItems: 50 })) },
      { additionalProperties: false },
    ),
  ),
  /**
   * Streams one file to `POST /v2/files`, pushing `uploads:progress`. The bridge takes the
   * dropped `File`; in the desktop app the preload turns it into `path` (a page cannot name an
   * arbitrary path), in the browser its bytes stream through the web host.
   */
  'files:upload': channel<SourceFile>()(
    Type.Object(
      {
        uploadId: UploadId,
        name: Type.String({ minLength: 1, maxLength: 255 }),
        path: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
        size: Type.Optional(Type.Integer({ minimum: 0 })),
        labels: Type.Optional(Type.Array(LabelName, { maxItems: 50 })),
        langId: Type.Optional(Type.Boolean()),
        category: Type.Optional(FileCategory),
        project_id: Type.Optional(Id),
      },
      { additionalProperties: false },
    ),
  ),
  'uploads:cancel': channel<{ cancelled: boolean }>()(
    Type.Object({ uploadId: UploadId }, { additionalProperties: false }),
  ),
  /** Desktop: asks where to save and writes the file there. Browser: a normal download. */
  'files:download': channel<DownloadResult>()(ById),
  /**
   * Desktop: the file written to a private temporary folder and opened with the system's app for
   * its type (`opened: true`). Where the host cannot open files (the browser), `opened: false`:
   * the page downloads it instead.
   */
  'files:open': channel<{ opened: boolean }>()(ById),
  'files:delete': channel<FileDeleteResponse>()(ById),
  'files:add-label': channel<SourceFile>()(FileLabel),
  'files:remove-label': channel<SourceFile>()(FileLabel),
  /**
   * Translates stored files with a memory (`POST /v2/translate/file`): one InProgress
   * translation per file. `minScore` is the lowest TM score taken (the API's `tmThreshold`).
   */
  'translations:start': channel<TranslationInfo[]>()(
    Type.Object(
      {
        fileIds: Type.Array(Id, { minItems: 1, maxItems: 100 }),
        memoryId: Id,
        withTM: Type.Optional(Type.Boolean()),
        minScore: Type.Optional(Type.Integer(FILE_TM_THRESHOLD_RANGE)),
      },
      { additionalProperties: false },
    ),
  ),
  /** File translations, newest first (`GET /v2/translate/file`). */
  'translations:list': channel<TranslationInfo[]>()(TranslationListFilters),
  /** The translated file under its translated name; the first download marks it Completed. */
  'translations:download': channel<DownloadResult>()(ById),
  /** Desktop only: the translated file dragged out of the window (written to a temp folder). */
  'translations:drag-out': channel<{ started: true }>()(ById),
  /**
   * Says a translation is ready with the system's notification (desktop). `shown: false` where
   * the host has none (the browser shows its own Notification instead).
   */
  'translations:notify-ready': channel<{ shown: boolean }>()(ById),
  /** A document with its segments (our `GET /v2/documents?id=` extension). */
  'documents:get': channel<DocumentWithSegments>()(ById),
  /**
   * A page of a document's segments with the document (our `GET /v2/documents/segments`
   * extension); with `updated_since`, only the segments changed since.
   */
  'documents:segments': channel<DocumentSegmentsPage>()(closed(DocumentSegmentsQuery)),
  /** Streams a file to `POST /v2/documents/files` as a new document of the project. */
  'documents:upload': channel<DocumentWithSegments>()(
    Type.Object(
      {
        uploadId: UploadId,
        project_id: Id,
        name: Type.String({ minLength: 1, maxLength: 255 }),
        path: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
        size: Type.Optional(Type.Integer({ minimum: 0 })),
        pretranslate: Type.Optional(Pretranslate),
        auto_accept: Type.Optional(Type.Boolean()),
      },
      { additionalProperties: false },
    ),
  ),
  /** The translated document: XLIFF 1.2 by default, or its original format. */
  'documents:download': channel<DownloadResult>()(closed(DocumentDownloadQuery)),
  'documents:delete': channel<DocumentDeleteResponse>()(ById),
  /** Saves a target; confirmed (the default) also writes it into the memory (`PUT /v2/segments`). */
  'segments:update': channel<Segment>()(closed(SegmentUpdateParameters)),
  /**
   * Saves many targets of one document in one transaction, all or nothing (find and replace, and
   * its undo); a segment changed since is left as it is (our `PUT /v2/documents/segments`).
   */
  'segments:save-batch': channel<SegmentBatchResponse>()(
    Type.Object(
      {
        document_id: SegmentBatchParameters.properties.document_id,
        segments: Type.Array(closed(SegmentBatchItem), {
          minItems: 1,
          maxItems: MAX_BATCH_SEGMENTS,
        }),
      },
      { additionalProperties: false },
    ),
  ),
  /** TM matches, then MT, for one source (`POST /v2/translate`). */
  'translate:segment': channel<TranslationList>()(closed(TranslateSegmentBody)),
  /** Termbase entries found in a text (our `GET /v2/memories/termbase/hits` extension). */
  'memories:term-hits': channel<TermHit[]>()(closed(TermHitsQuery)),
  /** Units holding a word or phrase, with its ranges (our `GET /v2/memories/concordance`). */
  'memories:concordance': channel<ConcordanceResponse>()(closed(ConcordanceQuery)),
  /** A document's comments by segment id, oldest first (`GET /2/comments`). */
  'comments:list': channel<DocumentComments>()(
    Type.Object({ document_id: Id }, { additionalProperties: false }),
  ),
  'comments:create': channel<Comment>()(
    Type.Object(
      {
        document_id: Id,
        segment_id: Id,
        text: CommentText,
        annotations: Type.Optional(Type.Array(closed(Annotation), { maxItems: 20 })),
      },
      { additionalProperties: false },
    ),
  ),
  /** Only the fields present change; only the author may change the text. */
  'comments:update': channel<Comment>()(
    Type.Object(
      {
        comment_id: Id,
        document_id: Id,
        text: Type.Optional(CommentText),
        annotations: Type.Optional(Type.Array(closed(Annotation), { maxItems: 20 })),
        is_resolved: Type.Optional(Type.Boolean()),
      },
      { additionalProperties: false },
    ),
  ),
  'comments:delete': channel<CommentDeleteResponse>()(
    Type.Object({ comment_id: Id }, { additionalProperties: false }),
  ),
  /** Resolves or reopens every comment of a segment; answers the thread. */
  'comments:resolve-thread': channel<Comment[]>()(
    Type.Object(
      { document_id: Id, segment_id: Id, is_resolved: Type.Boolean() },
      { additionalProperties: false },
    ),
  ),
  /** A document's ignored QA warnings (our `GET /v2/documents/qa-ignores` extension). */
  'qa:list-ignores': channel<QaIgnore[]>()(closed(QaIgnoreListQuery)),
  /** Ignores a segment's QA warning while its target is `target`, for everyone. */
  'qa:ignore': channel<QaIgnore>()(closed(Type.Composite([QaIgnorePlaceQuery, QaIgnoreBody]))),
  /** Shows an ignored QA warning again. */
  'qa:unignore': channel<QaIgnoreDeleteResponse>()(closed(QaIgnoreDeleteQuery)),
} satisfies Record<string, ChannelDef<TSchema, unknown>>;

export type Contract = typeof contract;
export type Channel = keyof Contract;
export type ChannelInput<C extends Channel> = Static<Contract[C]['input']>;
export type ChannelOutput<C extends Channel> = Contract[C]['output'];
export const channels = Object.keys(contract) as Channel[];

/** Channels whose bytes stream in (an upload) or out (a download) beside the JSON input. */
export const uploadChannels = [
  'files:upload',
  'memories:import',
  'documents:upload',
] as const satisfies readonly Channel[];
export const downloadChannels = [
  'files:download',
  'memories:export',
  'documents:download',
  'translations:download',
  'jobs:download',
] as const satisfies readonly Channel[];
export type UploadChannel = (typeof uploadChannels)[number];
export type DownloadChannel = (typeof downloadChannels)[number];

export interface UploadProgress {
  uploadId: string;
  sentBytes: number;
  totalBytes: number | null;
}

/** Pushes from the main process to the renderer. */
export interface Events {
  'connection:changed': ConnectionState;
  'uploads:progress': UploadProgress;
  /** A piece of a running Create generation, as the server streamed it. */
  'create:piece': GenerationPiece;
}
export type EventName = keyof Events;
export const eventNames: EventName[] = ['connection:changed', 'uploads:progress', 'create:piece'];
