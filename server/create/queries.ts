import type { Queryable } from '../db/storage';

/** An organization's Create settings row, as stored (absent until its first change). */
export interface CreateSettingsRow {
  is_terms_signed: number;
  tone: string | null;
  styleguide: string | null;
  engine_kind: string | null;
  engine_base_url: string | null;
  engine_model: string | null;
  engine_api_key: string | null;
  engine_model_path: string | null;
}

/** The engine columns of a change: `kind` null is the server's default. */
export interface EngineColumns {
  engine_kind: 'openai' | 'llama' | 'none' | null;
  engine_base_url: string | null;
  engine_model: string | null;
  engine_api_key: string | null;
  engine_model_path: string | null;
}

export interface ContentRow {
  id: number;
  name: string | null;
  language: string;
  template: string;
  template_params: string;
  preferences: string;
  text: string;
  status: string;
  created_at: number;
  updated_at: number;
}

/** The stored fields of a content (JSON columns already encoded). */
export interface ContentFields {
  name: string | null;
  language: string;
  template: string;
  template_params: string;
  preferences: string;
  text: string;
  status: string;
}

const CONTENT_COLUMNS = [
  'id',
  'name',
  'language',
  'template',
  'template_params',
  'preferences',
  'text',
  'status',
  'created_at',
  'updated_at',
] as const;

/** Create's tables; every read and write is scoped to the organization. */
export function createQueries(db: Queryable) {
  /** Writes `values` into the organization's settings row, making it if it is not there. */
  const upsertSettings = async (
    orgId: number,
    values: Partial<Omit<CreateSettingsRow, 'is_terms_signed'>> & {
      is_terms_signed?: number;
      terms_signed_at?: number | null;
      terms_key_id?: number | null;
      terms_user_id?: number | null;
    },
    now: number,
  ) => {
    await db
      .insertInto('create_settings')
      .values({ org_id: orgId, ...values, updated_at: now })
      .onConflict((oc) => oc.column('org_id').doUpdateSet({ ...values, updated_at: now }))
      .execute();
  };

  return {
    settings: (orgId: number): Promise<CreateSettingsRow | undefined> =>
      db
        .selectFrom('create_settings')
        .select([
          'is_terms_signed',
          'tone',
          'styleguide',
          'engine_kind',
          'engine_base_url',
          'engine_model',
          'engine_api_key',
          'engine_model_path',
        ])
        .where('org_id', '=', orgId)
        .executeTakeFirst(),

    signTerms: (
      orgId: number,
      signed: boolean,
      by: { keyId: number; userId: number },
      now: number,
    ) =>
      upsertSettings(
        orgId,
        signed
          ? {
              is_terms_signed: 1,
              terms_signed_at: now,
              terms_key_id: by.keyId,
              terms_user_id: by.userId,
            }
          : { is_terms_signed: 0, terms_signed_at: null, terms_key_id: null, terms_user_id: null },
        now,
      ),

    /** Sets the fields given (null clears one), leaving the other as it is. */
    setPreferences: (
      orgId: number,
      preferences: { tone?: string | null; styleguide?: string | null },
      now: number,
    ) => upsertSettings(orgId, preferences, now),

    setEngine: (orgId: number, engine: EngineColumns, now: number) =>
      upsertSettings(orgId, engine, now),

    listContents: (orgId: number): Promise<ContentRow[]> =>
      db
        .selectFrom('create_contents')
        .select(CONTENT_COLUMNS)
        .where('org_id', '=', orgId)
        .orderBy('id')
        .execute(),

    content: (orgId: number, id: number): Promise<ContentRow | undefined> =>
      db
        .selectFrom('create_contents')
        .select(CONTENT_COLUMNS)
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .executeTakeFirst(),

    async insertContent(
      orgId: number,
      userId: number,
      fields: ContentFields,
      now: number,
    ): Promise<number> {
      const row = await db
        .insertInto('create_contents')
        .values({ org_id: orgId, user_id: userId, ...fields, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Changes the fields given; false when the organization has no such content. */
    async updateContent(
      orgId: number,
      id: number,
      fields: Partial<ContentFields>,
      now: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('create_contents')
        .set({ ...fields, updated_at: now })
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async deleteContent(orgId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('create_contents')
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
