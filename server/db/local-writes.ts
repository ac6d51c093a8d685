import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

const WRITES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode']);

/**
 * This process's committed writes on PostgreSQL, told at once to who listens (the data version:
 * data-version.ts). Other processes' commits arrive as notifications; this process's own arrive
 * that way too, but a moment after the commit, and a request that follows its own write (a board
 * move, then the list) must not get an answer cached before it.
 *
 * - `committed()` is called by the storage after each of its transactions commits;
 * - `plugin` sees every statement run outside a transaction (each commits on its own) and calls
 *   `committed()` after an INSERT, UPDATE or DELETE built with Kysely. (Raw `sql` writes run inside
 *   transactions.)
 */
export function createLocalWrites() {
  const listeners = new Set<() => void>();
  const kinds = new WeakMap<object, string>();

  function committed(): void {
    for (const listener of listeners) listener();
  }

  const plugin: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      kinds.set(args.queryId, args.node.kind);
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      if (WRITES.has(kinds.get(args.queryId) ?? '')) committed();
      return args.result;
    },
  };

  return {
    plugin,
    committed,
    /** Calls `listener` after each committed write of this process; answers how to stop. */
    listen(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type LocalWrites = ReturnType<typeof createLocalWrites>;
