import { useRef, useState } from 'react';
import type { Job, LanguagePair } from '../../../../shared/api/jobs';
import { getBridge } from '../../bridge';
import { useCreateMemory } from '../../queries/memory-mutations';
import { checkLanguageTag } from '../../components/language-tag';
import { useCreateJob } from './mutations';
import {
  dueToIso,
  languageOf,
  NEW_MEMORY,
  sourceLocaleOf,
  type NewJobValues,
} from './new-job-form';

/** What the dialog shows while it works, step by step. */
export type SubmitStep = { kind: 'idle' } | { kind: 'busy'; text: string };

const uploadId = () => `job-${crypto.randomUUID()}`;

/**
 * Sends a new job: each file is uploaded (`files:upload`), each "new memory" made, then the job.
 * What was done is kept, so trying again after a failure does not upload or create it twice.
 */
export function useSubmitNewJob() {
  const uploaded = useRef(new Map<File, number>());
  const madeMemories = useRef(new Map<string, number>());
  const createMemory = useCreateMemory();
  const createJob = useCreateJob();
  const [step, setStep] = useState<SubmitStep>({ kind: 'idle' });

  async function fileIds(files: File[]): Promise<number[]> {
    const ids: number[] = [];
    for (const [index, file] of files.entries()) {
      let id = uploaded.current.get(file);
      if (id === undefined) {
        setStep({
          kind: 'busy',
          text: `Uploading ${file.name} (${index + 1} of ${files.length})…`,
        });
        id = (await getBridge().files.upload({ uploadId: uploadId(), name: file.name, file })).id;
        uploaded.current.set(file, id);
      }
      ids.push(id);
    }
    return ids;
  }

  async function memoryId(values: NewJobValues, target: string, choice: string) {
    if (choice !== NEW_MEMORY) return Number(choice);
    const source = checkLanguageTag(values.source);
    const into = checkLanguageTag(target);
    if (!source.isValid || !into.isValid) throw new Error('Check the languages first.');
    const key = `${source.tag}>${into.tag}`;
    const made = madeMemories.current.get(key);
    if (made !== undefined) return made;
    setStep({ kind: 'busy', text: `Creating a memory for ${into.tag}…` });
    const memory = await createMemory.mutateAsync({
      name: `${values.name.trim()} (${source.tag} → ${into.tag})`,
      srclang: source.language,
      trglang: into.language,
      ...(source.locale ? { srclocale: source.locale } : {}),
      ...(into.locale ? { trglocale: into.locale } : {}),
    });
    madeMemories.current.set(key, memory.id);
    return memory.id;
  }

  async function submit(values: NewJobValues): Promise<Job> {
    try {
      const ids = await fileIds(values.files);
      const languagePairs: LanguagePair[] = [];
      for (const target of values.targets) {
        const check = checkLanguageTag(target.language);
        languagePairs.push({
          trgLang: languageOf(target.language) ?? target.language,
          ...(check.isValid && check.locale ? { trgLocale: check.locale } : {}),
          memoryId: await memoryId(values, target.language, target.memoryChoice),
          ...(values.pretranslate ? { pretranslate: true } : {}),
        });
      }
      setStep({ kind: 'busy', text: 'Creating the job…' });
      const due = values.due ? dueToIso(values.due) : undefined;
      return await createJob.mutateAsync({
        name: values.name.trim(),
        srcLang: languageOf(values.source) ?? values.source,
        srcLocale: sourceLocaleOf(values),
        fileIds: ids,
        languagePairs,
        ...(due ? { due } : {}),
        ...(values.templateId ? { workflowTemplateId: Number(values.templateId) } : {}),
      });
    } finally {
      setStep({ kind: 'idle' });
    }
  }

  return { submit, step };
}
