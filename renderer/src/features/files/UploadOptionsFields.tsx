import type { FileCategory } from '../../../../shared/api/files';
import { CATEGORY_LABELS } from '../../components/file-format';
import { useFilesStore } from './files-store';

const CATEGORIES: FileCategory[] = ['API', 'REFERENCE'];

const isCategory = (value: string): value is FileCategory =>
  CATEGORIES.some((category) => category === value);

/** How the next uploads are stored: whether to detect their language, and their category. */
export function UploadOptionsFields() {
  const options = useFilesStore((state) => state.uploadOptions);
  const setOptions = useFilesStore((state) => state.setUploadOptions);
  return (
    <div className="upload-options" role="group" aria-label="Upload options">
      <label className="upload-option">
        <input
          type="checkbox"
          checked={options.detectLanguage}
          onChange={(event) => setOptions({ detectLanguage: event.target.checked })}
          data-testid="detect-language"
        />
        Detect language
      </label>
      <label className="upload-option">
        Category
        <select
          value={options.category}
          onChange={(event) => {
            const { value } = event.target;
            if (isCategory(value)) setOptions({ category: value });
          }}
          data-testid="upload-category"
        >
          {CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {category === 'API' ? 'API (default)' : `${CATEGORY_LABELS[category]} material`}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
