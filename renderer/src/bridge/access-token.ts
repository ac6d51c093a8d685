/** Where the web host's per-launch token is kept for the life of the tab (survives reloads). */
export const TOKEN_STORAGE_KEY = 'wordbench-token';

function safeStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Reads the web host's access token. On first load it arrives as `?token=` in the address; it is
 * moved into sessionStorage and removed from the address bar so it is not bookmarked, shared or
 * kept in history. Returns null when the page was opened without one.
 */
export function takeAccessToken(): string | null {
  const storage = safeStorage();
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    storage?.setItem(TOKEN_STORAGE_KEY, fromUrl);
    url.searchParams.delete('token');
    window.history.replaceState(
      window.history.state,
      '',
      `${url.pathname}${url.search}${url.hash}`,
    );
    return fromUrl;
  }
  return storage?.getItem(TOKEN_STORAGE_KEY) ?? null;
}
