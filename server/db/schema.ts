// Written by `npm run db:schema` from the migrated schema (schema-source.ts): do not edit.
import type { Generated } from 'kysely';

export interface ApiKeysTable {
  id: Generated<number>;
  user_id: number;
  key_hash: string;
  prefix: string;
  created_at: number;
  revoked_at: number | null;
}

export interface BlobsTable {
  sha256: string;
  size: number;
  created_at: number;
}

export interface CommentsTable {
  id: Generated<number>;
  org_id: number;
  document_id: number;
  segment_id: number;
  segment_revision_id: number;
  user_id: number;
  text: string;
  annotations: Generated<string>;
  is_resolved: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface CreateContentsTable {
  id: Generated<number>;
  org_id: number;
  user_id: number | null;
  name: string | null;
  language: string;
  template: string;
  template_params: string;
  preferences: string;
  text: Generated<string>;
  status: string;
  created_at: number;
  updated_at: number;
}

export interface CreateSettingsTable {
  id: Generated<number>;
  org_id: number;
  is_terms_signed: Generated<number>;
  terms_signed_at: number | null;
  terms_key_id: number | null;
  terms_user_id: number | null;
  tone: string | null;
  styleguide: string | null;
  engine_kind: string | null;
  engine_base_url: string | null;
  engine_model: string | null;
  engine_api_key: string | null;
  engine_model_path: string | null;
  updated_at: number;
}

export interface DocumentSkeletonPartsTable {
  document_id: number;
  part: number;
  text: string;
}

export interface DocumentsTable {
  id: Generated<number>;
  org_id: number;
  project_id: number;
  name: string;
  srclang: string;
  trglang: string;
  import_in_progress: Generated<number>;
  import_succeeded: Generated<number>;
  import_error_message: string | null;
  export_in_progress: Generated<number>;
  export_succeeded: Generated<number>;
  export_error_message: string | null;
  is_pretranslating: Generated<number>;
  pretranslation: Generated<string>;
  translator_email: string | null;
  reviewer_email: string | null;
  customer_reviewer_email: string | null;
  is_review_complete: Generated<number>;
  created_at: number;
  updated_at: number;
  format: Generated<string>;
  pretranslate_mode: string | null;
  auto_accept: Generated<number>;
  pretranslated: Generated<number>;
  to_pretranslate: Generated<number>;
  pretranslation_error: string | null;
  pretranslate_cursor: Generated<number>;
  pretranslate_token: string | null;
  segments_total: Generated<number>;
  segments_confirmed: Generated<number>;
  segments_reviewed: Generated<number>;
  words_total: Generated<number>;
  words_confirmed: Generated<number>;
  case_sensitive: Generated<number>;
  match_attribution: Generated<number>;
  pretranslate_threshold: number | null;
}

export interface FileLabelsTable {
  id: Generated<number>;
  file_id: number;
  name: string;
}

export interface FileTranslationTargetsTable {
  translation_id: number;
  idx: number;
  target: string;
  origin: string;
  score: number | null;
}

export interface FileTranslationsTable {
  id: Generated<number>;
  org_id: number;
  user_id: number | null;
  file_id: number;
  memory_id: number;
  with_tm: number;
  tm_threshold: number;
  status: Generated<string>;
  error_msg: string | null;
  file_name: string;
  translated_name: string;
  srclang: string;
  trglang: string;
  format: string | null;
  segments_done: Generated<number>;
  segments_total: Generated<number>;
  tm_segments: Generated<number>;
  mt_segments: Generated<number>;
  warning: string | null;
  result_sha256: string | null;
  created_at: number;
  updated_at: number;
  downloaded_at: number | null;
}

export interface FilesTable {
  id: Generated<number>;
  org_id: number;
  user_id: number | null;
  project_id: number | null;
  name: string;
  file_hash: string;
  blob_sha256: string;
  size: number;
  category: Generated<string>;
  detected_lang: Generated<string>;
  detected_lang_confidence: Generated<number>;
  is_detecting: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface JobFilesTable {
  id: Generated<number>;
  job_id: number;
  position: number;
  file_id: number | null;
  name: string;
}

export interface JobLanguagePairsTable {
  id: Generated<number>;
  job_id: number;
  position: number;
  trglang: string;
  trglocale: string | null;
  memory_id: number;
  due_at: number | null;
  pretranslate: Generated<number>;
  auto_accept: Generated<number>;
  config_id: number | null;
  workflow_template_id: number | null;
  project_id: number | null;
  external_model_id: number | null;
  case_sensitive: Generated<number>;
  match_attribution: Generated<number>;
  stage_assignments: string | null;
}

export interface JobsTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  srclang: string;
  srclocale: string | null;
  due_at: number | null;
  status: Generated<string>;
  creation_status: Generated<string>;
  creation_error: string | null;
  delivered_at: number | null;
  is_processing: Generated<number>;
  processing_error: string | null;
  workflow_template_id: number | null;
  domain_id: number | null;
  leverage: string | null;
  export_type: string | null;
  export_token: string | null;
  export_blob: string | null;
  created_at: number;
  updated_at: number;
}

export interface MemoriesTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  srclang: string;
  trglang: string;
  srclocale: string | null;
  trglocale: string | null;
  version: Generated<number>;
  is_processing: Generated<number>;
  created_at: number;
  updated_at: number;
  num_segments: Generated<number>;
  num_terms: Generated<number>;
  last_import_error: string | null;
  termbase_sha256: string | null;
}

export interface MemoryTasksTable {
  id: Generated<number>;
  memory_id: number;
  kind: string;
  state: Generated<string>;
  name: string | null;
  options: Generated<string>;
  blob_sha256: string | null;
  user_id: number | null;
  error: string | null;
  added: number | null;
  skipped: number | null;
  created_at: number;
  finished_at: number | null;
}

export interface MemoryTermsTable {
  id: Generated<number>;
  memory_id: number;
  source: string;
  target: string;
  extra: string | null;
  origin: string;
  created_at: number;
}

export interface MemoryUnitsTable {
  id: Generated<number>;
  memory_id: number;
  source: string;
  target: string;
  source_hash: number;
  prev_source: string | null;
  next_source: string | null;
  context_key: string | null;
  origin: string;
  metadata: string | null;
  created_at: number;
  updated_at: number;
  created_by: number | null;
}

export interface OrganizationsTable {
  id: Generated<number>;
  name: string;
  created_at: number;
}

export interface ProjectStateChangesTable {
  id: Generated<number>;
  project_id: number;
  from_state: string | null;
  to_state: string;
  user_id: number | null;
  changed_at: number;
}

export interface ProjectsTable {
  id: Generated<number>;
  org_id: number;
  memory_id: number;
  job_id: number | null;
  name: string;
  state: Generated<string>;
  due_date: number | null;
  archived: Generated<number>;
  metadata: Generated<string>;
  sample_review_percentage: number | null;
  connector_id: number | null;
  workflow_template_id: number | null;
  srclang: string;
  trglang: string;
  srclocale: string | null;
  trglocale: string | null;
  created_at: number;
  updated_at: number;
}

export interface QaIgnoresTable {
  id: Generated<number>;
  org_id: number;
  document_id: number;
  segment_id: number;
  check_kind: string;
  target: string;
  user_id: number;
  created_at: number;
}

export interface SegmentsTable {
  id: Generated<number>;
  org_id: number;
  document_id: number | null;
  memory_id: number;
  idx: Generated<number>;
  source: string;
  target: Generated<string>;
  is_confirmed: Generated<number>;
  is_reviewed: Generated<number>;
  match_score: number | null;
  target_origin: string | null;
  note: string | null;
  context_key: string | null;
  memory_unit_id: number | null;
  word_count: Generated<number>;
  created_at: number;
  updated_at: number;
  revision: Generated<number>;
  updated_by: number | null;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: number;
}

export interface UploadPartsTable {
  upload_id: number;
  part_number: number;
  etag: string;
  size: number;
  file: string;
  created_at: number;
}

export interface UploadsTable {
  id: Generated<number>;
  org_id: number;
  user_id: number | null;
  s3_key: string;
  kind: string;
  filename: string;
  content_type: string;
  metadata: Generated<string>;
  status: Generated<string>;
  file_id: number | null;
  created_at: number;
  updated_at: number;
}

export interface UsersTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  created_at: number;
}

export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  attempted_at: number;
  status: number | null;
  duration_ms: number | null;
  error: string | null;
  next_attempt_at: number | null;
}

export interface WebhookConfigurationsTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  url: string;
  event_types: string;
  secret: string;
  disabled_at: number | null;
  disabled_reason: string | null;
  failing_since: number | null;
  deleted_at: number | null;
  lease_owner: string | null;
  lease_until: number | null;
  created_at: number;
  updated_at: number;
}

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  configuration_id: number;
  event_id: number;
  state: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: number | null;
  created_at: number;
  finished_at: number | null;
  last_status: number | null;
  last_error: string | null;
  last_duration_ms: number | null;
}

export interface WebhookEventsTable {
  id: Generated<number>;
  org_id: number;
  type: string;
  message_id: string;
  body: string;
  created_at: number;
}

export interface WorkItemsTable {
  id: Generated<number>;
  kind: string;
  payload: string;
  state: Generated<string>;
  attempts: Generated<number>;
  max_attempts: number;
  run_after: number;
  last_error: string | null;
  created_at: number;
  updated_at: number;
  started_at: number | null;
  finished_at: number | null;
  owner: string | null;
  lease_until: number | null;
}

/** Every table, as Kysely sees the database. */
export interface Schema {
  api_keys: ApiKeysTable;
  blobs: BlobsTable;
  comments: CommentsTable;
  create_contents: CreateContentsTable;
  create_settings: CreateSettingsTable;
  document_skeleton_parts: DocumentSkeletonPartsTable;
  documents: DocumentsTable;
  file_labels: FileLabelsTable;
  file_translation_targets: FileTranslationTargetsTable;
  file_translations: FileTranslationsTable;
  files: FilesTable;
  job_files: JobFilesTable;
  job_language_pairs: JobLanguagePairsTable;
  jobs: JobsTable;
  memories: MemoriesTable;
  memory_tasks: MemoryTasksTable;
  memory_terms: MemoryTermsTable;
  memory_units: MemoryUnitsTable;
  organizations: OrganizationsTable;
  project_state_changes: ProjectStateChangesTable;
  projects: ProjectsTable;
  qa_ignores: QaIgnoresTable;
  segments: SegmentsTable;
  server_secrets: ServerSecretsTable;
  upload_parts: UploadPartsTable;
  uploads: UploadsTable;
  users: UsersTable;
  webhook_attempts: WebhookAttemptsTable;
  webhook_configurations: WebhookConfigurationsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_events: WebhookEventsTable;
  work_items: WorkItemsTable;
}
