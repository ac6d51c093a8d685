import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { TmUnit } from '../server/tm/index';

/** Writes the units (en to es) as TMX 1.4b, streamed in 1 MiB chunks. */
export async function writeTmx(path: string, units: TmUnit[]): Promise<void> {
  const escape = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const out = createWriteStream(path);
  const write = async (chunk: string) => {
    if (!out.write(chunk)) await once(out, 'drain');
  };
  await write(
    '<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4">\n' +
      '  <header creationtool="wordbench-bench" creationtoolversion="1" segtype="sentence" ' +
      'o-tmf="wordbench" adminlang="en" srclang="en" datatype="plaintext"/>\n  <body>\n',
  );
  let chunk = '';
  for (const u of units) {
    chunk +=
      `    <tu tuid="${u.id}"><tuv xml:lang="en"><seg>${escape(u.source)}</seg></tuv>` +
      `<tuv xml:lang="es"><seg>${escape(u.target)}</seg></tuv></tu>\n`;
    if (chunk.length > 1 << 20) {
      await write(chunk);
      chunk = '';
    }
  }
  await write(`${chunk}  </body>\n</tmx>\n`);
  out.end();
  await once(out, 'finish');
}
