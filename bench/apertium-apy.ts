/**
 * Apertium's own web service, apertium-apy (Debian package `apertium-apy`), as the reference
 * for our MT latency. Its CLI has a port option but no address one (it binds every interface),
 * so it is started through its Python entry point with Tornado's bind pinned to 127.0.0.1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

const APY = '/usr/bin/apertium-apy';
// apertium-apy's own interpreter (its shebang): the one with Tornado installed.
const PYTHON = '/usr/bin/python3';
const INSTALL = 'apt-get install -y apertium-apy apertium apertium-eng-spa';
const LOOPBACK_ENTRY = `
import sys
sys.argv = ['apertium-apy'] + sys.argv[1:]
import tornado.httpserver as httpserver
bind = httpserver.HTTPServer.bind
httpserver.HTTPServer.bind = lambda self, port, address=None, **kw: bind(self, port, address='127.0.0.1', **kw)
from apertium_apy.apy import main
main()
`;

export interface ApyProcess {
  child: ChildProcess;
  url: string;
}

/** A port that was free a moment ago. */
async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/** Starts apertium-apy on the installed pairs and waits until `/listPairs` answers. */
export async function startApy(pairsPath = '/usr/share/apertium'): Promise<ApyProcess> {
  if (!existsSync(APY) || !existsSync(PYTHON)) {
    throw new Error(`apertium-apy is missing: ${INSTALL}`);
  }
  const port = await freePort();
  // Its own process group, so that stopping it also ends the pipelines it started.
  const child = spawn(PYTHON, ['-c', LOOPBACK_ENTRY, '-p', String(port), pairsPath], {
    stdio: 'ignore',
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`${url}/listPairs`);
      if (response.ok) return { child, url };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stopApy({ child, url });
  throw new Error(`apertium-apy did not answer /listPairs on ${url} (is it installed? ${INSTALL})`);
}

/** Ends apertium-apy and its pipelines (the whole process group). */
export function stopApy({ child }: ApyProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** One translation through apertium-apy, `eng|spa` style modes. */
export async function apyTranslate(apy: ApyProcess, langpair: string, text: string) {
  const query = `langpair=${encodeURIComponent(langpair)}&q=${encodeURIComponent(text)}`;
  const response = await fetch(`${apy.url}/translate?${query}`);
  const body = (await response.json()) as {
    responseData?: { translatedText?: string };
    responseStatus: number;
    responseDetails?: string;
  };
  if (!response.ok || body.responseStatus !== 200) {
    throw new Error(`apertium-apy: ${response.status} ${body.responseDetails ?? ''}`);
  }
  return body.responseData?.translatedText ?? '';
}
