import type { PgMigration } from './migration';

/**
 * Version 3 (PostgreSQL only): the request quota shared by every process of a team server
 * (../../http/shared-quota.ts). Accepted requests are counted per key in buckets of `bucket_ms`;
 * `quota_hit` decides one request atomically, under a per-key advisory lock, so that request
 * 4,001 of a minute is refused whichever process it reaches. A refused key is blocked for
 * `block_ms` from its first refusal, as the in-memory quota does.
 */
export const v3: PgMigration = {
  version: 3,
  sqliteTwin: null,
  up: `
    CREATE TABLE quota_buckets (
      key_id bigint NOT NULL,
      bucket bigint NOT NULL,
      hits integer NOT NULL,
      PRIMARY KEY (key_id, bucket)
    );
    CREATE TABLE quota_blocks (
      key_id bigint PRIMARY KEY,
      blocked_until bigint NOT NULL
    );

    CREATE FUNCTION quota_hit(
      p_key bigint, p_now bigint, p_limit integer, p_window_ms bigint, p_block_ms bigint,
      p_bucket_ms bigint,
      OUT allowed boolean, OUT in_window integer, OUT reset_at bigint
    ) LANGUAGE plpgsql AS $$
    DECLARE
      v_blocked bigint;
      v_oldest bigint;
      v_first bigint := (p_now - p_window_ms) / p_bucket_ms + 1;
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtextextended('wordbench quota ' || p_key, 0));
      SELECT blocked_until INTO v_blocked FROM quota_blocks WHERE key_id = p_key;
      IF v_blocked IS NOT NULL AND p_now < v_blocked THEN
        allowed := false; in_window := p_limit; reset_at := v_blocked;
        RETURN;
      END IF;
      DELETE FROM quota_buckets WHERE key_id = p_key AND bucket < v_first;
      SELECT coalesce(sum(hits), 0), min(bucket) INTO in_window, v_oldest
        FROM quota_buckets WHERE key_id = p_key;
      IF in_window >= p_limit THEN
        INSERT INTO quota_blocks (key_id, blocked_until) VALUES (p_key, p_now + p_block_ms)
          ON CONFLICT (key_id) DO UPDATE SET blocked_until = excluded.blocked_until;
        allowed := false; reset_at := p_now + p_block_ms;
        RETURN;
      END IF;
      INSERT INTO quota_buckets (key_id, bucket, hits) VALUES (p_key, p_now / p_bucket_ms, 1)
        ON CONFLICT (key_id, bucket) DO UPDATE SET hits = quota_buckets.hits + 1;
      allowed := true;
      in_window := in_window + 1;
      reset_at := (coalesce(v_oldest, p_now / p_bucket_ms) * p_bucket_ms) + p_window_ms;
    END $$;
  `,
};
