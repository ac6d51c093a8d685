/**
 * One Server-Sent Event: `event: <name>`, one `data:` line, the standard `id:` line when there is
 * an id (Create sends its content id), a blank line. Every `data` this area sends is JSON (which
 * never holds a raw line break) or `[DONE]`, so one line is enough.
 */
export function sseEvent(event: string, data: string, id?: number): string {
  if (/[\r\n]/.test(data)) throw new Error('an SSE data line must not hold a line break');
  return `event: ${event}\ndata: ${data}\n${id === undefined ? '' : `id: ${id}\n`}\n`;
}
