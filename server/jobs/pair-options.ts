import type { DomainModel } from '../../shared/api/domains';
import type { LanguagePair } from '../../shared/api/jobs';
import { sameLanguage } from '../formats/languages';
import { badRequest } from '../http/http-error';
import { chosenTemplateId } from '../workflows/project-rules';

/**
 * The pair's `externalModelId`, once it is an MT model of GET /v3/domains that translates the
 * job's source language into the pair's target language: a 400 in words otherwise.
 */
export function checkedModel(
  models: readonly DomainModel[],
  where: string,
  id: number,
  srcLang: string,
  trgLang: string,
): number {
  const model = models.find((m) => m.id === id);
  if (!model) {
    const there =
      models.length === 0
        ? 'there are none (no machine translation engine is installed)'
        : `there are ${models.map((m) => `${m.id} (${m.srcLang}-${m.trgLang})`).join(', ')}`;
    throw badRequest(`${where}.externalModelId: no MT model ${id}; ${there}: GET /v3/domains`);
  }
  if (!sameLanguage(model.srcLang, srcLang) || !sameLanguage(model.trgLang, trgLang)) {
    throw badRequest(
      `${where}.externalModelId: MT model ${id} translates ${model.srcLang} to ` +
        `${model.trgLang}, not ${srcLang} to ${trgLang}`,
    );
  }
  return id;
}

/**
 * The template the pair names (by id, or by `workflowTemplateName`: a name, or an id as the spec
 * types it), else null; a 400 naming the pair for an unknown one or two that disagree.
 */
export function pairTemplateId(pair: LanguagePair, where: string): number | null {
  const { workflowTemplateId: id, workflowTemplateName: name } = pair;
  try {
    if (typeof name === 'number') {
      if (id !== undefined && id !== name) {
        throw badRequest(`workflowTemplateId ${id} and workflowTemplateName ${name} disagree`);
      }
      return chosenTemplateId({ workflowTemplateId: name });
    }
    return chosenTemplateId({ workflowTemplateId: id, workflow_template_name: name });
  } catch (error) {
    if (error instanceof Error) error.message = `${where}: ${error.message}`;
    throw error;
  }
}
