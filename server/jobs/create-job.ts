import { open } from 'node:fs/promises';
import { DOCUMENT_FORMATS } from '../../shared/api/documents';
import type { DomainModel } from '../../shared/api/domains';
import type { JobCreateParameters, LanguagePair } from '../../shared/api/jobs';
import type { BlobStore } from '../blobs/blob-store';
import type { Storage } from '../db/storage';
import { nowSeconds } from '../db/time';
import { supportedFormats } from '../documents/read-document';
import { chosenFilterConfig } from '../domains/filter-configs';
import { detectDocumentFormat } from '../formats/documents';
import { sameLanguage } from '../formats/languages';
import { HttpError, badRequest, notFound } from '../http/http-error';
import { projectQueries } from '../projects/queries';
import type { WorkQueue } from '../work/queue';
import { chosenTemplateId } from '../workflows/project-rules';
import { secondsOf } from './job-wire';
import { checkedModel, pairTemplateId } from './pair-options';
import { jobPartQueries, type NewJobPair, type OrgFile } from './pair-queries';
import { checkedAssignments } from './stage-assignments';
import { jobQueries } from './queries';

/** The work kind that makes a job's projects and documents; payload `{jobId}`. */
export const CREATE_JOB = 'job-create';

export interface JobCreateDeps {
  storage: Storage;
  blobs: BlobStore;
  work: WorkQueue;
  /** Whether the organization has the domain (the domains area answers it). */
  domainExists(orgId: number, domainId: number): Promise<boolean>;
  /** The MT models of GET /v3/domains, which `externalModelId` names. */
  models(): Promise<DomainModel[]>;
}

/** Bytes enough to tell a file's format (as the document upload reads them). */
const HEAD_BYTES = 8192;

async function headOf(blobs: BlobStore, file: OrgFile): Promise<Uint8Array> {
  const handle = await open(blobs.pathOf(file.blob_sha256), 'r').catch(() => null);
  if (!handle) throw notFound(`File ${file.id}'s bytes are gone: upload it again`);
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The files in the order asked, each the organization's and in a format documents take. */
async function checkedFiles(deps: JobCreateDeps, orgId: number, ids: number[]) {
  const seen = new Set<number>();
  for (const id of ids) {
    if (seen.has(id)) throw badRequest(`fileIds: file ${id} is listed twice`);
    seen.add(id);
  }
  const found = new Map(
    (await jobPartQueries(deps.storage.db).orgFiles(orgId, ids)).map((f) => [f.id, f]),
  );
  const files = ids.map((id) => {
    const file = found.get(id);
    if (!file) throw notFound(`fileIds: file ${id} not found`);
    return file;
  });
  for (const file of files) {
    const format = detectDocumentFormat(file.name, await headOf(deps.blobs, file));
    if (format === null || !(DOCUMENT_FORMATS as readonly string[]).includes(format)) {
      throw new HttpError(
        415,
        `File ${file.id} (${file.name}): unsupported document format; supported: ${supportedFormats()}`,
      );
    }
  }
  return files;
}

/** A pair's row, once its memory is the organization's with the job's and the pair's languages. */
async function checkedPair(
  deps: JobCreateDeps,
  orgId: number,
  input: JobCreateParameters,
  pair: LanguagePair,
  index: number,
  jobTemplateId: number | null,
): Promise<NewJobPair> {
  const where = `languagePairs[${index}]`;
  const memory = await projectQueries(deps.storage.db).memoryLanguages(orgId, pair.memoryId);
  if (!memory) throw notFound(`${where}.memoryId: memory ${pair.memoryId} not found`);
  if (!sameLanguage(memory.srclang, input.srcLang) || !sameLanguage(memory.trglang, pair.trgLang)) {
    throw badRequest(
      `${where}.memoryId: memory ${pair.memoryId} is ${memory.srclang} to ${memory.trglang}, ` +
        `not ${input.srcLang} to ${pair.trgLang}`,
    );
  }
  if (pair.configId !== undefined) chosenFilterConfig(`${where}.configId`, pair.configId);
  const templateId = pairTemplateId(pair, where);
  const model = pair.externalModelId;
  const stageAssignments = await checkedAssignments(
    deps.storage.db,
    orgId,
    `${where}.workflowStageAssignments`,
    templateId ?? jobTemplateId,
    pair.workflowStageAssignments ?? [],
  );
  return {
    trglang: pair.trgLang,
    trglocale: pair.trgLocale ?? null,
    memory_id: pair.memoryId,
    due_at: pair.dueDate === undefined ? null : secondsOf(pair.dueDate, `${where}.dueDate`),
    pretranslate: pair.pretranslate ? 1 : 0,
    auto_accept: pair.autoAccept ? 1 : 0,
    config_id: pair.configId ?? null,
    workflow_template_id: templateId,
    external_model_id:
      model === undefined
        ? null
        : checkedModel(await deps.models(), where, model, input.srcLang, pair.trgLang),
    case_sensitive: pair.caseSensitive ? 1 : 0,
    match_attribution: pair.takeMatchAttribution ? 1 : 0,
    stage_assignments: stageAssignments,
  };
}

/**
 * `POST /v2/jobs`: checks everything it can at once (4xx in words, nothing stored), then stores
 * the job PENDING with its files and pairs and queues the work that makes its projects, in one
 * transaction. Answers the new job's id.
 */
export async function createJob(
  deps: JobCreateDeps,
  actor: { orgId: number; userId: number },
  input: JobCreateParameters,
): Promise<number> {
  const { orgId } = actor;
  const workflowTemplateId =
    input.workflowTemplateId === undefined
      ? null
      : chosenTemplateId({ workflowTemplateId: input.workflowTemplateId });
  if (input.domainId !== undefined && !(await deps.domainExists(orgId, input.domainId))) {
    throw notFound(`domainId: domain ${input.domainId} not found`);
  }
  const files = await checkedFiles(deps, orgId, input.fileIds);
  const pairs: NewJobPair[] = [];
  for (const [index, pair] of input.languagePairs.entries()) {
    pairs.push(await checkedPair(deps, orgId, input, pair, index, workflowTemplateId));
  }
  const now = nowSeconds();
  return deps.storage.transaction(async (tx) => {
    const jobId = await jobQueries(tx).insert({
      orgId,
      name: input.name,
      srclang: input.srcLang,
      srclocale: input.srcLocale,
      dueAt: input.due === undefined ? null : secondsOf(input.due, 'due'),
      workflowTemplateId,
      domainId: input.domainId ?? null,
      now,
    });
    const parts = jobPartQueries(tx);
    // A file deleted since it was checked: the same 404, rather than a foreign key error.
    const still = new Set((await parts.orgFiles(orgId, input.fileIds)).map((file) => file.id));
    const gone = input.fileIds.find((id) => !still.has(id));
    if (gone !== undefined) throw notFound(`fileIds: file ${gone} not found`);
    await parts.insertFiles(jobId, files);
    await parts.insertPairs(
      jobId,
      pairs.map((pair) => ({
        ...pair,
        workflow_template_id: pair.workflow_template_id ?? workflowTemplateId,
      })),
    );
    await deps.work.enqueueIn(tx, CREATE_JOB, { jobId, userId: actor.userId });
    return jobId;
  });
}
