import type { Memory } from '../../../../shared/api/memories';
import type { Project } from '../../../../shared/api/projects';

export interface PairOption {
  /** `en-es`, as kept in the address. */
  value: string;
  source: string;
  target: string;
}

/** Every pair the user has: from the memories, the projects on screen and the current filter. */
export function collectPairs(
  memories: readonly Pick<Memory, 'srclang' | 'trglang'>[],
  projects: readonly Pick<Project, 'srclang' | 'trglang'>[],
  current: { source: string; target: string } | null,
): PairOption[] {
  const byValue = new Map<string, PairOption>();
  const add = (source: string, target: string) =>
    byValue.set(`${source}-${target}`, { value: `${source}-${target}`, source, target });
  for (const { srclang, trglang } of [...memories, ...projects]) add(srclang, trglang);
  if (current) add(current.source, current.target);
  return [...byValue.values()].sort((a, b) => a.value.localeCompare(b.value));
}
