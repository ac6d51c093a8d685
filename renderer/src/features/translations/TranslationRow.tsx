import type { DragEvent } from 'react';
import type { TranslationInfo } from '../../../../shared/api/file-translation';
import { isDesktopHost } from '../../bridge';
import { useDownloadTranslation, useDragOutTranslation } from './mutations';
import { StatusChip } from './StatusChip';
import { isDownloadable } from './translation-format';
import { TranslationProgress } from './TranslationProgress';
import { useTranslationsStore } from './translations-store';

const formatTime = (epochSeconds: number) => new Date(epochSeconds * 1000).toLocaleString();

/** One file translation: names, languages, status, progress, what went wrong, Download. */
export function TranslationRow({ info }: { info: TranslationInfo }) {
  const { showAlert, showNotice } = useTranslationsStore.getState();
  const onError = (error: unknown) =>
    showAlert({ title: `${info.translatedName} could not be downloaded`, error });
  const download = useDownloadTranslation({
    onSuccess: (result) => {
      if ('savedTo' in result) showNotice(`Saved ${info.translatedName} to ${result.savedTo}.`);
    },
    onError,
  });
  const dragOut = useDragOutTranslation({ onError });
  const isReady = isDownloadable(info);
  // Desktop only: the row carries the translated file out of the window.
  const isDraggable = isReady && isDesktopHost();
  const onDragStart = (event: DragEvent) => {
    event.preventDefault();
    dragOut.mutate({ id: info.id });
  };

  return (
    <div
      className="translation-item"
      draggable={isDraggable || undefined}
      onDragStart={isDraggable ? onDragStart : undefined}
      title={isDraggable ? 'Drag the translated file out of the window' : undefined}
    >
      <div className="translation-head">
        <p className="translation-names">
          <span data-testid="translation-file-name">{info.fileName}</span>
          <span aria-label="translated as"> → </span>
          <strong data-testid="translation-translated-name">{info.translatedName}</strong>
        </p>
        <span className="translation-pair" data-testid="translation-pair">
          {info.srclang} → {info.trglang}
        </span>
        <StatusChip status={info.status} />
        <button
          type="button"
          className="button button-small"
          onClick={() => download.mutate({ id: info.id })}
          disabled={!isReady || download.isPending}
          aria-label={`Download ${info.translatedName}`}
          data-testid="translation-download"
        >
          Download
        </button>
      </div>
      <TranslationProgress info={info} />
      {info.status === 'Failed' ? (
        <p className="field-error" role="alert" data-testid="translation-error">
          {info.errorMsg ?? 'The translation failed for a reason the server did not give.'}
        </p>
      ) : null}
      {info.warning ? (
        <p className="translation-warning" data-testid="translation-warning">
          {info.warning}
        </p>
      ) : null}
      <p className="translation-meta" data-testid="translation-meta">
        Started{' '}
        <time dateTime={new Date(info.createdAt * 1000).toISOString()}>
          {formatTime(info.createdAt)}
        </time>
        {info.withTM ? ` · TM from ${info.tmThreshold}%` : ' · machine translation only'}
      </p>
    </div>
  );
}
