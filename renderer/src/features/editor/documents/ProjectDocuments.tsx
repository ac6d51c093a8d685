import { useQuery } from '@tanstack/react-query';
import type { Project } from '../../../../../shared/api/projects';
import { projectQueries } from '../../../queries/projects';
import { DocumentRow } from './DocumentRow';
import { DocumentUploadList } from './DocumentUploadList';
import { DocumentUploadZone } from './DocumentUploadZone';
import { ReferenceFiles } from './ReferenceFiles';

interface ProjectDocumentsProps {
  project: Project;
  onOpen: (documentId: number) => void;
}

/** A project's documents, where new ones are added, and its reference material. */
export function ProjectDocuments({ project, onOpen }: ProjectDocumentsProps) {
  // The editor keeps the project list while a document is open; saves mark it stale (progress
  // moved), and this observer, mounted as the documents come back into view, reads it again.
  useQuery(projectQueries.list());
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
      <ReferenceFiles projectId={project.id} projectName={project.name} />
    </div>
  );
}
