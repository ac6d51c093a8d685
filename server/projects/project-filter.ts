import { expressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { ProjectState } from '../../shared/api/projects';
import type { ProjectsTable } from '../db/schema';

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

/**
 * The condition a filter puts on `projects p`, scoped to the organization, for a Kysely `where`
 * of any query that has `projects as p` in scope. Values are bound, never part of the SQL text;
 * the conditions come in a fixed order, so one combination of filters is one SQL text (a list of
 * ids is one parameter per distinct id, as both SQLite and PostgreSQL take it).
 */
export function projectWhere(orgId: number, filter: ProjectFilter): Expression<SqlBool> {
  const eb = expressionBuilder<{ p: ProjectsTable }, 'p'>();
  const conditions: Expression<SqlBool>[] = [eb('p.org_id', '=', orgId)];
  if (filter.ids !== undefined) {
    const ids = [...new Set(filter.ids)];
    // `IN ()` is no SQL: an empty list selects nothing.
    conditions.push(ids.length > 0 ? eb('p.id', 'in', ids) : eb.lit(false));
  }
  if (filter.srclang !== undefined) conditions.push(eb('p.srclang', '=', filter.srclang));
  if (filter.trglang !== undefined) conditions.push(eb('p.trglang', '=', filter.trglang));
  if (filter.fromTime !== undefined) conditions.push(eb('p.created_at', '>=', filter.fromTime));
  if (filter.toTime !== undefined) conditions.push(eb('p.created_at', '<', filter.toTime));
  if (filter.state !== undefined) conditions.push(eb('p.state', '=', filter.state));
  if (filter.includeArchived === false) conditions.push(eb('p.archived', '=', 0));
  if (filter.connectorId !== undefined) {
    conditions.push(eb('p.connector_id', '=', filter.connectorId));
  }
  return eb.and(conditions);
}
