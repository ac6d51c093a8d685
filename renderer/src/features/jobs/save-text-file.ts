/**
 * Hands text made in the page to the user as a file: the browser's download, or the desktop's
 * save dialog (Electron asks where to save a download it has no handler for).
 */
export function saveTextFile(name: string, text: string, type = 'text/csv'): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The click has started the download; the URL is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
