import type { ProjectState } from '../../shared/api/projects';

/** The filters of `GET /v2/projects`, parsed. Absent fields do not filter. */
export interface ProjectFilter {
  ids?: number[];
  srclang?: string;
  trglang?: string;
  /** Epoch seconds, inclusive: `created_at >= fromTime`. */
  fromTime?: number;
  /** Epoch seconds, exclusive: `created_at < toTime`. */
  toTime?: number;
  state?: ProjectState;
  /** Whether archived projects are listed too; the API's default is true. */
  includeArchived?: boolean;
  connectorId?: number;
}

type Condition = [
  isActive: (f: ProjectFilter) => boolean,
  sql: string,
  value: (f: ProjectFilter) => unknown,
];

// In a fixed order, so that each combination of filters maps to one SQL text and one statement.
const CONDITIONS: Condition[] = [
  // One bound JSON array, whatever the number of ids: the SQL text stays the same.
  [
    (f) => f.ids !== undefined,
    'p.id IN (SELECT value FROM json_each(?))',
    (f) => JSON.stringify(f.ids),
  ],
  [(f) => f.srclang !== undefined, 'p.srclang = ?', (f) => f.srclang],
  [(f) => f.trglang !== undefined, 'p.trglang = ?', (f) => f.trglang],
  [(f) => f.fromTime !== undefined, 'p.created_at >= ?', (f) => f.fromTime],
  [(f) => f.toTime !== undefined, 'p.created_at < ?', (f) => f.toTime],
  [(f) => f.state !== undefined, 'p.state = ?', (f) => f.state],
  [(f) => f.includeArchived === false, 'p.archived = ?', () => 0],
  [(f) => f.connectorId !== undefined, 'p.connector_id = ?', (f) => f.connectorId],
];

export interface ProjectWhere {
  /** Names the combination of active filters: equal keys mean equal `sql`. */
  key: string;
  /** A WHERE clause over `projects p`, scoped to the organization (the first parameter). */
  sql: string;
  params: unknown[];
}

/** Turns a filter into SQL with bound parameters; values never enter the SQL text. */
export function projectWhere(orgId: number, filter: ProjectFilter): ProjectWhere {
  let key = '';
  const clauses = ['p.org_id = ?'];
  const params: unknown[] = [orgId];
  for (const [isActive, sql, value] of CONDITIONS) {
    const active = isActive(filter);
    key += active ? '1' : '0';
    if (!active) continue;
    clauses.push(sql);
    params.push(value(filter));
  }
  return { key, sql: clauses.join(' AND '), params };
}
