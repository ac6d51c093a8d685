import type { DomainModel } from '../../shared/api/domains';
import type { MtEngine } from '../mt/engine';
import { DEFAULT_DOMAIN } from './filter-configs';

/**
 * The MT models of the default domain: the engine's installed pairs in a stable order (ids
 * follow it, as GET /v3/domains lists them and a job's `externalModelId` names them).
 */
export async function mtModels(mt: MtEngine | null): Promise<DomainModel[]> {
  const pairs = mt ? await mt.pairs() : [];
  return [...pairs]
    .sort((a, b) => a.source.localeCompare(b.source) || a.target.localeCompare(b.target))
    .map((pair, at) => ({
      id: at + 1,
      name: `${mt?.name ?? 'mt'} ${pair.source}-${pair.target}`,
      provider: mt?.name ?? 'apertium',
      status: 'ready',
      srcLang: pair.source,
      trgLang: pair.target,
    }));
}

/** Whether the organization has the domain: every organization has the default one only. */
export async function hasDomain(orgId: number, domainId: number): Promise<boolean> {
  void orgId;
  return domainId === DEFAULT_DOMAIN.id;
}
