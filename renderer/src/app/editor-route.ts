import { parseRoute } from './routes';

export interface EditorRoute {
  /** The project whose documents are listed, or null for "pick a project". */
  projectId: number | null;
  /** The open document, or null for the project's document list. */
  documentId: number | null;
}

const readId = (value: string | null): number | null => {
  const id = Number(value);
  return value !== null && Number.isInteger(id) && id > 0 ? id : null;
};

/** `project=3&document=7` -> the route; anything unreadable is left out. */
export function parseEditorRoute(search: string): EditorRoute {
  const params = new URLSearchParams(search);
  const projectId = readId(params.get('project'));
  return { projectId, documentId: projectId === null ? null : readId(params.get('document')) };
}

export function formatEditorRoute({ projectId, documentId }: EditorRoute): string {
  const params = new URLSearchParams();
  if (projectId !== null) params.set('project', String(projectId));
  if (projectId !== null && documentId !== null) params.set('document', String(documentId));
  return params.toString();
}

/**
 * The editor's route in a whole address hash (`#/editor?project=3&document=7`); null for another
 * view. For what runs before React (the first document's read), with no store to ask.
 */
export function editorRouteOfHash(hash: string): EditorRoute | null {
  if (parseRoute(hash) !== 'editor') return null;
  const at = hash.indexOf('?');
  return parseEditorRoute(at < 0 ? '' : hash.slice(at + 1));
}
