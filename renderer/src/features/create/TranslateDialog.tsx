import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { LiltCreateContent } from '../../../../shared/api/create';
import { ErrorMessage } from '../../components/ErrorMessage';
import { LanguageSelect } from '../../components/LanguageSelect';
import { languageOptions } from '../../components/language-options';
import { ModalDialog } from '../../components/ModalDialog';
import { TextField } from '../../components/TextField';
import { languageQueries } from '../../queries/languages';
import { projectQueries } from '../../queries/projects';
import { useTranslateContent } from './use-translate-content';

const NEW = 'new';
const primary = (tag: string) => tag.split(/[-_]/)[0]?.toLowerCase() ?? '';

interface TranslateDialogProps {
  content: LiltCreateContent;
  onClose: () => void;
}

/** "Translate into…": a project whose source is the content's language, or a new one. */
export function TranslateDialog({ content, onClose }: TranslateDialogProps) {
  const projects = useQuery(projectQueries.list({}));
  const languages = useQuery(languageQueries.list());
  const translate = useTranslateContent(content);
  const fitting = (projects.data ?? []).filter(
    (project) => primary(project.srclang) === primary(content.language) && !project.archived,
  );
  const [choice, setChoice] = useState<string>(NEW);
  const [name, setName] = useState(content.name || `${content.template} ${content.id}`);
  const [trglang, setTrglang] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice !== NEW) return translate.mutate({ projectId: Number(choice) });
    const found = !name.trim()
      ? 'Name the new project.'
      : !trglang
        ? 'Choose the language to translate into.'
        : primary(trglang) === primary(content.language)
          ? 'Choose a language other than the content’s own.'
          : null;
    setProblem(found);
    if (!found) translate.mutate({ newProject: { name: name.trim(), trglang } });
  };

  return (
    <ModalDialog
      labelledBy="create-translate-title"
      testId="create-translate-dialog"
      onClose={onClose}
    >
      <form onSubmit={submit} noValidate>
        <div className="modal-body">
          <h2 id="create-translate-title">Translate “{content.name || `Content ${content.id}`}”</h2>
          <p className="muted">
            The text becomes a document of the project ({content.language} source), then the editor
            opens on it.
          </p>
          <div className="field">
            <label htmlFor="create-translate-project">Project</label>
            <select
              id="create-translate-project"
              value={choice}
              onChange={(event) => setChoice(event.target.value)}
              data-testid="create-translate-project"
            >
              <option value={NEW}>New project…</option>
              {fitting.map((project) => (
                <option key={project.id} value={project.id}>
                  {project.name} ({project.srclang} → {project.trglang})
                </option>
              ))}
            </select>
          </div>
          {choice === NEW ? (
            <>
              <TextField
                id="create-translate-name"
                label="Project name"
                value={name}
                onValue={setName}
                maxLength={255}
                testId="create-translate-name"
              />
              <LanguageSelect
                id="create-translate-language"
                label="Translate into"
                value={trglang}
                options={languageOptions(languages.data)}
                onChange={setTrglang}
                testId="create-translate-language"
              />
            </>
          ) : null}
          {problem ? (
            <p className="field-error" role="alert">
              {problem}
            </p>
          ) : null}
          {translate.error ? (
            <ErrorMessage error={translate.error} title="Could not put the text into the project" />
          ) : null}
        </div>
        <div className="modal-actions">
          <button
            type="button"
            className="button"
            onClick={onClose}
            data-testid="create-translate-cancel"
          >
            Cancel
          </button>
          <button
            type="submit"
            className="button button-primary"
            disabled={translate.isPending}
            data-testid="create-translate-ok"
          >
            {translate.isPending ? 'Adding the document…' : 'Translate'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
