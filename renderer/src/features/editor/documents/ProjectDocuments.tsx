import type { Project } from '../../../../../shared/api/projects';
import { DocumentRow } from './DocumentRow';
import { DocumentUploadList } from './DocumentUploadList';
import { DocumentUploadZone } from './DocumentUploadZone';

interface ProjectDocumentsProps {
  project: Project;
  onOpen: (documentId: number) => void;
}

/** A project's documents, and where new ones are added. */
export function ProjectDocuments({ project, onOpen }: ProjectDocumentsProps) {
  return (
    <div className="editor-documents" data-testid="editor-documents">
      <DocumentUploadZone projectId={project.id} />
      <DocumentUploadList projectId={project.id} />
      {project.document.length === 0 ? (
        <p className="muted" data-testid="editor-no-documents">
          This project has no documents yet. Add one above.
        </p>
      ) : (
        <ul className="editor-document-list" aria-label={`Documents of ${project.name}`}>
          {project.document.map((document) => (
            <DocumentRow key={document.id} document={document} onOpen={onOpen} />
          ))}
        </ul>
      )}
    </div>
  );
}
