import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a signed upload URL allows: one PUT of one object (or one part of it), until `expires`. */
export interface UploadGrant {
  key: string;
  uploadId?: number;
  partNumber?: number;
  /** Exact size in bytes the PUT must have (parts are signed with theirs). */
  size?: number;
  /** Epoch seconds. */
  expires: number;
}

/** Default lifetime of a signed URL: 15 minutes. */
export const DEFAULT_URL_LIFETIME_MS = 15 * 60 * 1000;

export type VerifyResult = { ok: true } | { ok: false; reason: string };

/**
 * HMAC-SHA256 signatures of upload grants with a per-server secret: the signed URL itself is the
 * credential, so the PUT needs no API key. Every field of the grant is covered, so changing the
 * key, the part, the size or the expiry breaks the signature.
 */
export function createUploadSigner(secret: Buffer, now: () => number = Date.now) {
  function sign(grant: UploadGrant): string {
    const canonical = JSON.stringify([
      'PUT',
      grant.key,
      grant.uploadId ?? null,
      grant.partNumber ?? null,
      grant.size ?? null,
      grant.expires,
    ]);
    return createHmac('sha256', secret).update(canonical).digest('base64url');
  }

  return {
    /** A grant valid for `lifetimeMs` from now, with its signature. */
    grant(fields: Omit<UploadGrant, 'expires'>, lifetimeMs = DEFAULT_URL_LIFETIME_MS) {
      const grant: UploadGrant = { ...fields, expires: Math.floor((now() + lifetimeMs) / 1000) };
      return { grant, signature: sign(grant) };
    },

    verify(grant: UploadGrant, signature: string): VerifyResult {
      const expected = Buffer.from(sign(grant));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return { ok: false, reason: 'The upload URL signature is not valid for this request' };
      }
      if (now() >= grant.expires * 1000) {
        const when = new Date(grant.expires * 1000).toISOString();
        return { ok: false, reason: `The upload URL expired at ${when}: ask for a new one` };
      }
      return { ok: true };
    },
  };
}

export type UploadSigner = ReturnType<typeof createUploadSigner>;
