import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { MtError, type MtErrorCode } from './errors';

export interface PipelineOptions {
  /** The pair's stages with `-z` (what `apertium-wblank-mode -z MODE.mode` prints). */
  stages: string;
  /** For messages: `eng-spa`. */
  mode: string;
  /** Longest wait for the next answer while work is outstanding; then the pipeline is hung. */
  timeoutMs: number;
  /**
   * Segments written but not yet answered (512, in flushes of up to 64): enough to keep every
   * stage busy; more would only make a caller who arrives during a document wait longer.
   */
  window?: number;
  /** Told once when the pipeline has stopped for good (failure or close). */
  onStop?: () => void;
  /** Told whenever the pipeline runs out of work. */
  onIdle?: () => void;
}

interface Job {
  streams: string[];
  answers: string[];
  next: number;
  left: number;
  settled: boolean;
  resolve: (answers: string[]) => void;
  reject: (error: unknown) => void;
}

interface Written {
  job: Job;
  /** The first of `count` consecutive segments of the job in this flush. */
  index: number;
  count: number;
  seq: number;
}

/** Most segments, and characters, one flush carries (see the class comment). */
const GROUP_SEGMENTS = 64;
const GROUP_CHARS = 8_000;

/**
 * One long-lived Apertium pipeline in null-flush mode. Segments are written in flushes of up to
 * 64 consecutive segments of one caller (8,000 characters at most), `S1[sSEQ.0]S2[sSEQ.1]S3[sSEQ]\0`:
 * every stage flushes on the NUL, so the answer comes back as `A1[sSEQ.0]A2[sSEQ.1]A3[sSEQ]\0`
 * and one process serves any number of requests. The `[sSEQ]` superblank proves that answers and
 * requests are still in step; the markers between segments are superblanks too (Apertium always
 * gives them back, in order), and each one is the blank the tagger needs after a final period.
 * Groups cut the per-flush cost of every stage while flushes still overlap (bench/translate-file.ts,
 * a 10k-segment XLIFF against the raw batch: 1.43x with one segment per flush, 1.27x with 16,
 * 1.18x with 64, 1.14x with 256 in the same hour); the window counts segments, not flushes, so
 * a caller arriving during a document waits behind no more of it than with smaller groups.
 *
 * Up to `window` segments are in flight, taken round-robin from the callers, so a document batch
 * keeps every stage busy while a single segment asked meanwhile is not stuck behind all of it.
 * One segment per flush beats one flush for a whole batch (apertium-bench.ts, eng-spa, 2 busy
 * cores, medians): 1 sentence 2.3-3.0 ms vs 2.1-6.3 ms, 10 sentences 10-34 ms vs 9-13 ms,
 * 1,000 sentences 0.61-0.91 s vs 1.4-1.8 s: with flushes every stage works on a different
 * segment at once, while one huge flush goes through the stages one after the other. It also
 * keeps segments apart (no transfer rule spans two of them) and lets every answer be checked.
 * A process that exits, closes its output, answers out of step or stays silent for `timeoutMs`
 * while work is outstanding is killed (its whole process group), its callers are rejected, and
 * the pipeline is done: the engine starts a new one on the next request.
 */
export class ApertiumPipeline {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly queue: Job[] = [];
  private readonly written: Written[] = [];
  private readonly window: number;
  private chunks: Buffer[] = [];
  private stderr = '';
  private seq = 0;
  /** Segments written and not answered yet (the sum of `written`'s counts). */
  private inFlight = 0;
  private watchdog: NodeJS.Timeout | undefined;
  private exited: Promise<void>;
  private stopped = false;
  private exitReason: string | undefined;
  lastUsed = Date.now();

  constructor(private readonly options: PipelineOptions) {
    this.window = options.window ?? 512;
    // Its own process group (detached), so that one kill reaches every stage.
    this.child = spawn('bash', ['-c', options.stages, 'apertium', '-n', ''], {
      detached: true,
      env: { ...process.env, LC_ALL: 'C.UTF-8' },
    });
    this.exited = new Promise((resolve) => {
      this.child.once('close', () => resolve());
      this.child.once('error', () => resolve());
    });
    this.child.stdout.on('data', (chunk: Buffer) => this.read(chunk));
    this.child.stderr.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-2000);
    });
    this.child.stdout.once('end', () => this.fail('closed its output'));
    this.child.once('exit', (code, signal) => {
      // An exit of its own says more than the broken pipe that may have been noticed first.
      if (!this.stopped || signal !== 'SIGKILL') {
        this.exitReason = `exited (${signal ?? `code ${code}`})`;
      }
      this.fail(this.exitReason ?? 'exited');
    });
    this.child.once('error', (error) => this.fail(`could not run: ${error.message}`));
    this.child.stdin.on('error', (error) => this.fail(`refused input: ${error.message}`));
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get alive(): boolean {
    return !this.stopped;
  }

  get busy(): boolean {
    return this.queue.length > 0 || this.written.length > 0;
  }

  /**
   * Translates stream-format segments in order. When `signal` aborts, the caller is rejected with
   * its reason and its unwritten segments are dropped (answers already on their way are ignored).
   */
  run(streams: string[], signal?: AbortSignal): Promise<string[]> {
    if (this.stopped) return Promise.reject(this.stoppedError('has stopped'));
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (streams.length === 0) return Promise.resolve([]);
    return new Promise<string[]>((resolve, reject) => {
      const job: Job = {
        streams,
        answers: [],
        next: 0,
        left: streams.length,
        settled: false,
        resolve,
        reject,
      };
      const abandon = () => this.settle(job, signal!.reason);
      signal?.addEventListener('abort', abandon, { once: true });
      job.resolve = (answers) => {
        signal?.removeEventListener('abort', abandon);
        resolve(answers);
      };
      this.queue.push(job);
      this.lastUsed = Date.now();
      this.pump();
    });
  }

  /** Ends the processes; outstanding callers are rejected with `closed`. */
  async close(): Promise<void> {
    this.fail('was closed', 'closed');
    await this.exited;
  }

  private pump(): void {
    let out = '';
    const wasQuiet = this.written.length === 0;
    while (this.inFlight < this.window && this.queue.length > 0) {
      const job = this.queue.shift()!;
      const seq = this.seq++;
      const index = job.next;
      let chars = 0;
      let record = '';
      while (job.next < job.streams.length && job.next - index < GROUP_SEGMENTS) {
        const stream = job.streams[job.next]!;
        if (job.next > index && chars + stream.length > GROUP_CHARS) break;
        if (job.next > index) record += `[s${seq}.${job.next - index - 1}]`;
        record += stream;
        chars += stream.length;
        job.next += 1;
      }
      const count = job.next - index;
      this.written.push({ job, index, count, seq });
      this.inFlight += count;
      out += `${record}[s${seq}]\0`;
      if (job.next < job.streams.length) this.queue.push(job);
    }
    if (!out) return;
    this.child.stdin.write(out);
    if (wasQuiet) this.armWatchdog();
  }

  private read(chunk: Buffer): void {
    let start = 0;
    for (let nul = chunk.indexOf(0); nul !== -1 && !this.stopped; nul = chunk.indexOf(0, start)) {
      this.chunks.push(chunk.subarray(start, nul));
      const answer = Buffer.concat(this.chunks).toString('utf8');
      this.chunks = [];
      start = nul + 1;
      this.answer(answer);
    }
    if (start < chunk.length) this.chunks.push(chunk.subarray(start));
  }

  private answer(raw: string): void {
    // Checked before it leaves `written`, so that a failure here also rejects its caller.
    const head = this.written[0];
    const terminator = `[s${head?.seq}]`;
    if (!head || !raw.endsWith(terminator)) {
      this.fail(`answered out of step (${JSON.stringify(raw.slice(-40))})`, 'engine_failed', true);
      return;
    }
    const { job, index, count } = head;
    const answers = splitGroup(raw.slice(0, -terminator.length), head.seq, count);
    if (answers === null) {
      this.fail(
        `lost a segment boundary (${JSON.stringify(raw.slice(0, 60))})`,
        'engine_failed',
        true,
      );
      return;
    }
    this.written.shift();
    this.inFlight -= count;
    if (!job.settled) {
      answers.forEach((answer, k) => (job.answers[index + k] = answer));
      job.left -= count;
      if (job.left === 0) this.settle(job);
    }
    this.lastUsed = Date.now();
    if (this.written.length > 0) this.armWatchdog();
    else clearTimeout(this.watchdog);
    this.pump();
    if (!this.busy) this.options.onIdle?.();
  }

  private settle(job: Job, error?: unknown): void {
    if (job.settled) return;
    job.settled = true;
    const queued = this.queue.indexOf(job);
    if (queued !== -1) this.queue.splice(queued, 1);
    if (error !== undefined) job.reject(error);
    else job.resolve(job.answers);
  }

  private armWatchdog(): void {
    clearTimeout(this.watchdog);
    const { timeoutMs, mode } = this.options;
    this.watchdog = setTimeout(() => {
      const message = `Apertium ${mode} did not answer within ${timeoutMs} ms; the pipeline was stopped and restarts on the next request`;
      this.fail(message, 'timeout');
    }, timeoutMs);
  }

  /**
   * Stops for good: kills the process group and tells the engine at once, then rejects the callers
   * once the process has closed its output (a few hundred ms at most), so that the message carries
   * its own exit status and the last line it wrote on stderr; `isOwnFinding` (an answer out of
   * step or a lost boundary) keeps `reason` instead, since the exit then only follows our kill.
   */
  private fail(reason: string, code: MtErrorCode = 'engine_failed', isOwnFinding = false): void {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.watchdog);
    const jobs = new Set([...this.queue, ...this.written.map((w) => w.job)]);
    this.queue.length = 0;
    this.written.length = 0;
    this.inFlight = 0;
    this.child.stdin.destroy();
    try {
      process.kill(-this.child.pid!, 'SIGKILL');
    } catch {
      // The group is already gone (or never started: the 'error' event says why).
    }
    this.options.onStop?.();
    const settled = new Promise((resolve) => setTimeout(resolve, 300).unref());
    void Promise.race([this.exited, settled]).then(() => {
      const error =
        code === 'timeout'
          ? new MtError('timeout', reason)
          : // What the pipeline answered wrongly says more than its exit once stdin is closed.
            this.stoppedError(isOwnFinding ? reason : (this.exitReason ?? reason), code);
      for (const job of jobs) this.settle(job, error);
    });
  }

  private stoppedError(reason: string, code: MtErrorCode = 'engine_failed'): MtError {
    const detail = this.stderr.trim() ? `: ${this.stderr.trim().split('\n').at(-1)}` : '';
    const restart = code === 'closed' ? '' : '; it restarts on the next request';
    return new MtError(code, `Apertium ${this.options.mode} ${reason}${detail}${restart}`);
  }
}

/** The answers of one flush of `count` segments, split at their markers; null if one is lost. */
function splitGroup(body: string, seq: number, count: number): string[] | null {
  const answers: string[] = [];
  let at = 0;
  for (let k = 0; k < count - 1; k++) {
    const marker = `[s${seq}.${k}]`;
    const found = body.indexOf(marker, at);
    if (found === -1) return null;
    answers.push(body.slice(at, found));
    at = found + marker.length;
  }
  answers.push(body.slice(at));
  return answers;
}
