/**
 * `Content-Disposition: attachment` for a file name of any script (RFC 6266): `filename` carries
 * an ASCII fallback for old clients, `filename*` the exact name, UTF-8 and percent-encoded
 * (RFC 8187). Quotes, backslashes and control characters never reach the header.
 */
export function attachmentDisposition(name: string): string {
  const fallback =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]|["\\%]/g, '_')
      .trim() || 'download';
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
