import { spawn, type ChildProcess } from 'node:child_process';
import { watchStart } from './start-watch';

export interface LocalServerOptions {
  /** The built server CLI (`out/server/main.js`). */
  entry: string;
  /** The Node binary to run it with. Electron passes its own binary plus ELECTRON_RUN_AS_NODE. */
  execPath: string;
  dataDir: string;
  /** Made valid on start (the server's bootstrap key), so the vault's key always works. */
  apiKey: string;
  /**
   * How long the start may go without a sign of life, output or CPU time, before it is given up
   * (default 60 s). There is no deadline: a start that is slow but working is waited for.
   */
  stallMs?: number;
  /** Each step the server says it is at while starting ("opening the database", ...). */
  onProgress?: (step: string) => void;
  env?: NodeJS.ProcessEnv;
}

/** How a server that was not asked to stop ended. */
export interface UnexpectedExit {
  /** One sentence for a log or a details part: the exit code or the signal. */
  reason: string;
  /** The server's last lines on stderr (its log and any crash report), possibly empty. */
  lastErrors: string;
}

export interface LocalServer {
  url: string;
  /** The child's process id (diagnostics and tests). */
  pid?: number;
  /** Stops the server (SIGTERM, then SIGKILL after a grace period). */
  stop(): Promise<void>;
  /** Called once if the server exits without being asked to, even if it already has. */
  onUnexpectedExit(listener: (exit: UnexpectedExit) => void): void;
}

/** A start that failed: a headline in words, and what the server printed for a details part. */
export class ServerStartError extends Error {
  constructor(
    message: string,
    readonly details: string,
  ) {
    super(message);
    this.name = 'ServerStartError';
  }
}

const LISTENING = /^listening on (http:\/\/\S+)/;
const STEP = /^starting: (.+)$/;
const ERROR_LINES_KEPT = 20;
const DEFAULT_STALL_MS = 60_000;

/**
 * Starts the embedded API server as a child process on 127.0.0.1 and a free port, and resolves
 * once it answers `/health`. A child process keeps heavy TM work off the UI's event loop, and a
 * crash of the server cannot take the window down with it. The start is given up only when the
 * process exits or shows no sign of life for `stallMs`, never on a fixed deadline.
 */
export async function startLocalServer(options: LocalServerOptions): Promise<LocalServer> {
  const stallMs = options.stallMs ?? DEFAULT_STALL_MS;
  const child = spawn(
    options.execPath,
    [options.entry, '--host', '127.0.0.1', '--port', '0', '--data', options.dataDir],
    {
      // The key goes through the environment, not argv, so other users cannot read it from `ps`.
      env: {
        ...process.env,
        ...options.env,
        WORDBENCH_BOOTSTRAP_KEY: options.apiKey,
        // `starting: STEP` lines on stdout while it starts: signs of life, and what to show.
        WORDBENCH_START_PROGRESS: '1',
      },
      // The IPC channel closes when this process ends, however it ends: the server stops then
      // (server/main.ts), so a host that crashes or is killed leaves no server behind.
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  const output: string[] = [];
  const remember = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 50) output.shift();
  };
  const errorLines: string[] = [];
  let step = 'starting';
  let isStarted = false;
  let failStart: (error: ServerStartError) => void = () => undefined;
  const startFailed = new Promise<never>((_, reject) => {
    failStart = (error) => {
      if (!isStarted) reject(error);
    };
  });
  // Read only by the race below; a failure after the start is the exit listener's to report.
  startFailed.catch(() => undefined);
  const watch = watchStart({
    pid: child.pid,
    stallMs,
    onStall: (quietMs) =>
      failStart(
        new ServerStartError(
          `The embedded server made no progress for ${Math.round(quietMs / 1000)} seconds ` +
            `(last step: ${step}).`,
          tail(output),
        ),
      ),
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    watch.progressed();
    remember(chunk);
    errorLines.push(
      ...chunk
        .toString()
        .split('\n')
        .filter((line) => line.trim() !== ''),
    );
    errorLines.splice(0, Math.max(0, errorLines.length - ERROR_LINES_KEPT));
  });
  child.once('error', (error) =>
    failStart(new ServerStartError('The embedded server could not be started.', error.message)),
  );
  child.once('exit', (code, signal) =>
    failStart(
      new ServerStartError(
        `The embedded server stopped while ${step}.`,
        [`Exit: ${signal ?? `code ${code}`}`, tail(output)].filter(Boolean).join('\n'),
      ),
    ),
  );

  const stderrClosed = new Promise((resolve) => child.stderr?.once('close', resolve));
  let isStopping = false;
  let unexpectedExit: UnexpectedExit | null = null;
  const exitListeners: Array<(exit: UnexpectedExit) => void> = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );

  const health = new AbortController();
  try {
    const url = await Promise.race([
      waitForListening(
        child,
        (line) => {
          watch.progressed();
          const reported = STEP.exec(line)?.[1];
          if (reported === undefined) return;
          step = reported;
          options.onProgress?.(reported);
        },
        remember,
      ),
      startFailed,
    ]);
    step = 'answering its first request';
    await Promise.race([waitForHealth(url, health.signal), startFailed]);
    isStarted = true;
    void exited.then(async ({ code, signal }) => {
      if (isStopping) return;
      // 'exit' can come before the last stderr bytes: let them arrive, but not wait on a
      // grandchild that may still hold the pipe open.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        stderrClosed,
        new Promise((resolve) => (timer = setTimeout(resolve, 500))),
      ]);
      clearTimeout(timer);
      if (isStopping) return;
      const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      unexpectedExit = {
        reason: `The embedded server ${how}.`,
        lastErrors: errorLines.join('\n'),
      };
      for (const listener of exitListeners.splice(0)) listener(unexpectedExit);
    });
    return {
      url,
      pid: child.pid,
      async stop() {
        isStopping = true;
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill('SIGTERM');
        const killTimer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(killTimer);
      },
      onUnexpectedExit(listener) {
        const exit = unexpectedExit;
        // Registered after the exit was seen: tell the listener anyway, a moment later.
        if (exit) queueMicrotask(() => listener(exit));
        else exitListeners.push(listener);
      },
    };
  } catch (error) {
    isStopping = true;
    child.kill('SIGKILL');
    throw error;
  } finally {
    watch.stop();
    health.abort();
  }
}

/** Resolves with the address of the server's `listening on` line; tells every stdout line. */
function waitForListening(
  child: ChildProcess,
  onLine: (line: string) => void,
  remember: (chunk: Buffer) => void,
): Promise<string> {
  return new Promise((resolve) => {
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      remember(chunk);
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        onLine(line);
        const url = LISTENING.exec(line)?.[1];
        if (url) resolve(url);
      }
    });
  });
}

/** Asks `/health` until it answers; a refused or slow attempt is tried again until `signal`. */
async function waitForHealth(url: string, signal: AbortSignal): Promise<void> {
  while (!signal.aborted) {
    try {
      const response = await fetch(`${url}/health`, {
        signal: AbortSignal.any([signal, AbortSignal.timeout(5_000)]),
      });
      if (response.ok) return;
    } catch {
      // Not accepting yet, or busy: try again shortly.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function tail(output: string[]): string {
  const text = output.join('').trim();
  return text ? `Last output: ${text.slice(-600)}` : '';
}
