import type { Queryable } from './storage';

/**
 * What is to run once a transaction has committed (`Storage.afterCommit`): the work queue wakes its
 * worker there, since on PostgreSQL a claim on another connection cannot see an item before.
 * A transaction that rolls back drops its hooks; outside a transaction a hook runs at once.
 */
export function createCommitHooks() {
  const pending = new WeakMap<Queryable, Array<() => void>>();
  return {
    /** Runs `execute`'s transaction with hooks for its `tx`, and calls them after the commit. */
    async around<T>(
      execute: (work: (tx: Queryable) => Promise<T>) => Promise<T>,
      work: (tx: Queryable) => Promise<T>,
    ): Promise<T> {
      let hooks: Array<() => void> = [];
      const result = await execute((tx) => {
        hooks = [];
        pending.set(tx, hooks);
        return work(tx);
      });
      for (const hook of hooks) hook();
      return result;
    },
    add(tx: Queryable, hook: () => void): void {
      const hooks = pending.get(tx);
      if (hooks) hooks.push(hook);
      else hook();
    },
  };
}
