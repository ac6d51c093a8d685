import type { SourceFile } from '../../../../shared/api/files';
import { languageStatus } from '../../components/file-format';

/** The language detected in a file, with how sure the detector was. */
export function FileLanguage({ file }: { file: SourceFile }) {
  const status = languageStatus(file);
  let content;
  switch (status.kind) {
    case 'detecting':
      content = (
        <span className="language-pending" data-testid="language-pending">
          <span className="spinner" aria-hidden="true" />
          Detecting…
        </span>
      );
      break;
    case 'not-detected':
      content = (
        <span className="muted" title="Language detection was not asked for at upload">
          <span aria-hidden="true">—</span>
          <span className="visually-hidden">not detected</span>
        </span>
      );
      break;
    case 'unknown':
      content = (
        <span className="muted" title="The detector could not tell this file’s language">
          Unknown
        </span>
      );
      break;
    case 'detected':
      content = (
        <span title={`Detected with ${status.percent}% confidence (${file.detected_lang})`}>
          {status.name} <span className="language-confidence">· {status.percent}%</span>
        </span>
      );
      break;
  }
  return (
    <span
      className="file-language"
      data-testid="file-language"
      data-lang={file.detected_lang}
      data-detecting={file.is_detecting || undefined}
    >
      {content}
    </span>
  );
}
