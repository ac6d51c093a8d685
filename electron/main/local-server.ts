import { spawn, type ChildProcess } from 'node:child_process';

export interface LocalServerOptions {
  /** The built server CLI (`out/server/main.js`). */
  entry: string;
  /** The Node binary to run it with. Electron passes its own binary plus ELECTRON_RUN_AS_NODE. */
  execPath: string;
  dataDir: string;
  /** Made valid on start (the server's bootstrap key), so the vault's key always works. */
  apiKey: string;
  startTimeoutMs?: number;
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

const LISTENING = /listening on (http:\/\/[^\s]+)/;
const ERROR_LINES_KEPT = 20;

/**
 * Starts the embedded API server as a child process on 127.0.0.1 and a free port, and resolves
 * once it answers `/health`. A child process keeps heavy TM work off the UI's event loop, and a
 * crash of the server cannot take the window down with it.
 */
export async function startLocalServer(options: LocalServerOptions): Promise<LocalServer> {
  const timeoutMs = options.startTimeoutMs ?? 20_000;
  const child = spawn(
    options.execPath,
    [options.entry, '--host', '127.0.0.1', '--port', '0', '--data', options.dataDir],
    {
      // The key goes through the environment, not argv, so other users cannot read it from `ps`.
      env: { ...process.env, ...options.env, WORDBENCH_BOOTSTRAP_KEY: options.apiKey },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output: string[] = [];
  const remember = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 50) output.shift();
  };
  const errorLines: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => {
    remember(chunk);
    errorLines.push(
      ...chunk
        .toString()
        .split('\n')
        .filter((line) => line.trim() !== ''),
    );
    errorLines.splice(0, Math.max(0, errorLines.length - ERROR_LINES_KEPT));
  });

  const stderrClosed = new Promise((resolve) => child.stderr?.once('close', resolve));
  let isStopping = false;
  let unexpectedExit: UnexpectedExit | null = null;
  const exitListeners: Array<(exit: UnexpectedExit) => void> = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );

  try {
    const url = await withTimeout(waitForListening(child, remember, output), timeoutMs, () =>
      startFailure('did not start', timeoutMs, output),
    );
    if (!(await waitForHealth(url, Date.now() + timeoutMs))) {
      throw startFailure('did not answer', timeoutMs, output);
    }
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
  }
}

function waitForListening(
  child: ChildProcess,
  remember: (chunk: Buffer) => void,
  output: string[],
): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      remember(chunk);
      buffered += chunk.toString();
      const match = LISTENING.exec(buffered);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('error', (error) =>
      reject(new ServerStartError('The embedded server could not be started.', error.message)),
    );
    child.once('exit', (code, signal) =>
      reject(
        new ServerStartError(
          'The embedded server stopped while starting.',
          [`Exit: ${signal ?? `code ${code}`}`, tail(output)].filter(Boolean).join('\n'),
        ),
      ),
    );
  });
}

async function waitForHealth(url: string, deadline: number): Promise<boolean> {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return true;
    } catch {
      // Not accepting yet: try again shortly.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

function withTimeout<T>(promise: Promise<T>, ms: number, failure: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(failure()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function startFailure(what: string, ms: number, output: string[]): ServerStartError {
  const seconds = Math.round(ms / 1000);
  return new ServerStartError(
    `The embedded server ${what} within ${seconds} seconds.`,
    tail(output),
  );
}

function tail(output: string[]): string {
  const text = output.join('').trim();
  return text ? `Last output: ${text.slice(-600)}` : '';
}
