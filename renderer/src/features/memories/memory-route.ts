export type MemoryTab = 'search' | 'concordance' | 'terms';

const TABS: readonly MemoryTab[] = ['search', 'concordance', 'terms'];

export interface MemoryRoute {
  /** The memory whose details are open, or null for "the first one". */
  memoryId: number | null;
  tab: MemoryTab;
}

/** `memory=3&tab=terms` -> the route; anything unreadable is left out. */
export function parseMemoryRoute(search: string): MemoryRoute {
  const params = new URLSearchParams(search);
  const id = Number(params.get('memory'));
  return {
    memoryId: Number.isInteger(id) && id > 0 ? id : null,
    tab: TABS.find((tab) => tab === params.get('tab')) ?? 'search',
  };
}

export function formatMemoryRoute({ memoryId, tab }: MemoryRoute): string {
  const params = new URLSearchParams();
  if (memoryId !== null) params.set('memory', String(memoryId));
  if (tab !== 'search') params.set('tab', tab);
  return params.toString();
}
