import { isLoopbackHost } from '../../../../shared/loopback';

/** Why a typed service address cannot be used, or null when it can. */
export function checkServiceUrl(
  value: string,
  { isRequired }: { isRequired: boolean },
): string | null {
  const trimmed = value.trim();
  if (!trimmed) {
    return isRequired ? 'Enter the service’s base URL, for example https://api.example.com.' : null;
  }
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return 'This is not a complete address. Start it with https://, for example https://api.example.com.';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return 'Use an address that starts with https://, for example https://api.example.com.';
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return (
      'Use https://: over plain http:// anyone on the way could read the API key and your ' +
      'documents (http:// is only for a server on this computer).'
    );
  }
  if (url.username || url.password) {
    return 'Leave the user name and password out of the address; set the API key below instead.';
  }
  if (url.search || url.hash)
    return 'Leave out the part after ? or #: only the base address is needed.';
  return null;
}

/** The comments API lives beside the main one by default (`<base>/2`). */
export function defaultCommentsUrl(baseUrl: string): string {
  return `${(baseUrl.trim() || 'https://api.example.com').replace(/\/+$/, '')}/2`;
}
