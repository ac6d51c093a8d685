import { open } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { BlobStore } from '../blobs/blob-store';
import type { FileStore } from './queries';
import type { WorkQueue } from '../work/queue';
import { decodeSample } from '../langid/decode';
import { detectLanguage, UNDETERMINED, type DetectedLanguage } from '../langid/detect';
import { extractText } from '../langid/extract-text';

/** The work kind; its payload is `{fileId}`. */
export const DETECT_LANGUAGE = 'detect-language';

/** How much of a file detection reads: plenty of prose, and bounded work for a 2 GiB file. */
export const SAMPLE_BYTES = 64 * 1024;

export interface DetectLanguagePayload {
  fileId: number;
}

/** The first `max` bytes of a file (fewer if it is shorter). */
export async function readSample(path: string, max = SAMPLE_BYTES): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(max);
    let filled = 0;
    while (filled < max) {
      const { bytesRead } = await handle.read(buffer, filled, max - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return buffer.subarray(0, filled);
  } finally {
    await handle.close();
  }
}

/** The language of a file from its name and first bytes; `und` for binary data or too little text. */
export function detectFileLanguage(name: string, sample: Uint8Array): DetectedLanguage {
  const text = decodeSample(sample);
  return text === null ? UNDETERMINED : detectLanguage(extractText(name, text));
}

/**
 * Registers the `detect-language` work: read the file's sample, detect, record the code and
 * confidence. A file deleted in the meantime is simply done; when every attempt fails the file
 * gets `und` with confidence 0, as API.md says for a failed detection.
 */
export function registerLanguageDetection(
  queue: WorkQueue,
  { files, blobs, log }: { files: FileStore; blobs: BlobStore; log: FastifyBaseLogger },
): void {
  queue.register<DetectLanguagePayload>(DETECT_LANGUAGE, {
    maxAttempts: 3,
    async run({ fileId }) {
      const blob = await files.blobOfAnyOrg(fileId);
      if (!blob) return;
      const sample = await readSample(blobs.pathOf(blob.sha256));
      const { lang, confidence } = detectFileLanguage(blob.name, sample);
      await files.setDetectedLanguage(fileId, lang, confidence);
    },
    // Awaited by the queue: the file says `und` before its item is marked failed.
    async onFailed({ fileId }) {
      await files
        .setDetectedLanguage(fileId, UNDETERMINED.lang, UNDETERMINED.confidence)
        .catch((error: unknown) =>
          log.error({ err: error, fileId }, 'recording a failed detection failed'),
        );
    },
  });
}
