import { isFinished, useUploadStore, type UploadItem } from './upload-store';
import { UploadRow } from './UploadRow';
import type { Uploader } from './uploader';
import './uploads.css';

function summary(items: readonly UploadItem[]): string {
  const count = (state: UploadItem['state']) => items.filter((item) => item.state === state).length;
  const parts = [
    [count('uploading'), 'uploading'],
    [count('queued'), 'waiting'],
    [count('done'), 'stored'],
    [count('failed'), 'failed'],
    [count('cancelled'), 'cancelled'],
  ] as const;
  return parts
    .filter(([n]) => n > 0)
    .map(([n, word]) => `${n.toLocaleString()} ${word}`)
    .join(' · ');
}

/** Every upload of this window until dismissed: the running ones, the waiting ones, the finished. */
export function UploadList({ uploader }: { uploader: Uploader }) {
  const items = useUploadStore((state) => state.items);
  const dismiss = useUploadStore((state) => state.dismiss);
  const clearFinished = useUploadStore((state) => state.clearFinished);
  if (items.length === 0) return null;
  const hasFinished = items.some(isFinished);
  return (
    <section className="uploads" aria-labelledby="uploads-heading" data-testid="upload-list">
      <div className="uploads-header">
        <h2 id="uploads-heading">Uploads</h2>
        <span className="uploads-summary" aria-live="polite" data-testid="uploads-summary">
          {summary(items)}
        </span>
        <button
          type="button"
          className="button button-small"
          onClick={clearFinished}
          disabled={!hasFinished}
          data-testid="uploads-clear-finished"
        >
          Clear finished
        </button>
      </div>
      <ul className="upload-rows">
        {items.map((item) => (
          <UploadRow key={item.key} item={item} uploader={uploader} onDismiss={dismiss} />
        ))}
      </ul>
    </section>
  );
}
