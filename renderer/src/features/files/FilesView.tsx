import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { SourceFile } from '../../../../shared/api/files';
import { ViewHeader } from '../../components/ViewHeader';
import { parseApiDate } from '../../components/file-format';
import { useFileDrop } from '../../hooks/use-file-drop';
import { DeleteFileDialog } from './DeleteFileDialog';
import { DropZone } from './DropZone';
import { FileListContent } from './FileListContent';
import { FilesMessages } from './FilesMessages';
import { useFilesStore } from './files-store';
import { TranslateBar } from './TranslateBar';
import { TranslateDialog } from './TranslateDialog';
import { TranslateDropZone } from './TranslateDropZone';
import { useTranslateStore } from './translate-store';
import { LabelFilterBar } from './LabelFilterBar';
import { collectLabels } from './labels';
import { fileQueries } from './queries';
import { UploadList } from './UploadList';
import { useLabelFilter } from './use-label-filter';
import { useUploader } from './use-uploader';
import './files.css';
import './translate.css';

const time = (file: SourceFile) => parseApiDate(file.created_at)?.getTime() ?? 0;

/** Newest first: what was just dropped is at the top, under the uploads. */
function newestFirst(files: readonly SourceFile[]): SourceFile[] {
  return [...files].sort((a, b) => time(b) - time(a) || b.id - a.id);
}

function countText(shown: number | undefined, total: number | undefined): string | null {
  if (shown === undefined || total === undefined) return null;
  const files = total === 1 ? 'file' : 'files';
  return `${shown.toLocaleString()} of ${total.toLocaleString()} ${files}`;
}

export function FilesView() {
  const uploader = useUploader();
  const [selected, setSelected] = useLabelFilter();
  // The unfiltered list names every label in use; the filtered one is what the table shows.
  const all = useQuery(fileQueries.list());
  const shown = useQuery({ ...fileQueries.list(selected), placeholderData: keepPreviousData });
  const files = useMemo(() => (shown.data ? newestFirst(shown.data) : undefined), [shown.data]);
  const labels = useMemo(() => collectLabels(all.data ?? []), [all.data]);
  const pendingDelete = useFilesStore((state) => state.pendingDelete);
  const isTranslateOpen = useTranslateStore((state) => state.isDialogOpen);

  const upload = (dropped: File[]) =>
    uploader.enqueue(dropped, useFilesStore.getState().uploadOptions);
  const drop = useFileDrop(upload);

  return (
    <section
      className="view view-files"
      data-testid="view-files"
      aria-busy={shown.isPlaceholderData || undefined}
      {...drop.handlers}
    >
      <ViewHeader title="Files">
        The source files you bring in for translation, the language detected in each, and the labels
        that sort them.
      </ViewHeader>
      <div className="drop-zones">
        <DropZone isDragging={drop.isDragging} onFiles={upload} />
        <TranslateDropZone uploader={uploader} />
      </div>
      <UploadList uploader={uploader} />
      <FilesMessages />
      <LabelFilterBar
        labels={labels}
        selected={selected}
        onChange={setSelected}
        countText={selected.length ? countText(shown.data?.length, all.data?.length) : null}
      />
      <TranslateBar />
      <FileListContent
        result={shown}
        files={files}
        hasAnyFile={all.data ? all.data.length > 0 : undefined}
        isFiltered={selected.length > 0}
        onClearFilter={() => setSelected([])}
      />
      {pendingDelete ? (
        <DeleteFileDialog key={pendingDelete.id} id={pendingDelete.id} name={pendingDelete.name} />
      ) : null}
      {isTranslateOpen ? <TranslateDialog /> : null}
    </section>
  );
}
