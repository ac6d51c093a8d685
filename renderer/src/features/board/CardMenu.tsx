import { useRef } from 'react';
import { PROJECT_STATES, type Project, type ProjectState } from '../../../../shared/api/projects';
import { editorHref } from '../../app/use-editor-route';
import { STATE_LABELS } from '../../components/project-format';
import { CardMenuPopup, type CardMenuItem } from './CardMenuPopup';
import { useProjectActions } from './project-actions';

interface CardMenuProps {
  project: Project;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Part of the Tab order only on the column's current card. */
  isTabbable: boolean;
  /** Gives the focus back to the card after an action (in the column it moves to, if any). */
  onDone: (to?: ProjectState) => void;
}

/** The card's "⋯" button and its menu: Open in editor, Move to…, Archive or Unarchive, Delete. */
export function CardMenu({ project, isOpen, onOpenChange, isTabbable, onDone }: CardMenuProps) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const actions = useProjectActions();
  const run = (action: () => void, to?: ProjectState) => () => {
    onOpenChange(false);
    onDone(to);
    action();
  };
  const items: CardMenuItem[] = [
    {
      key: 'open-editor',
      label: 'Open in editor',
      onSelect: () => {
        onOpenChange(false);
        window.location.hash = editorHref({ projectId: project.id, documentId: null });
      },
    },
    ...PROJECT_STATES.filter((state) => state !== project.state).map((state) => ({
      key: `move-${state}`,
      group: 'Move to',
      label: STATE_LABELS[state],
      onSelect: run(() => actions.move(project, state), state),
    })),
    {
      key: 'archive',
      label: project.archived ? 'Unarchive' : 'Archive',
      onSelect: run(() => actions.setArchived(project, !project.archived)),
    },
    {
      key: 'delete',
      label: 'Delete…',
      isDanger: true,
      onSelect: () => {
        onOpenChange(false);
        actions.askDelete(project);
      },
    },
  ];
  const menuId = `card-menu-${project.id}`;
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="card-menu-button"
        aria-label={`Actions for ${project.name}`}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        tabIndex={isTabbable ? 0 : -1}
        // A press on the button is not the start of a card drag.
        draggable={false}
        onMouseDown={(event) => event.stopPropagation()}
        onClick={() => onOpenChange(!isOpen)}
        data-testid="card-menu-button"
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {isOpen ? (
        <CardMenuPopup
          id={menuId}
          anchor={buttonRef}
          label={`Actions for ${project.name}`}
          items={items}
          onClose={(reason) => {
            onOpenChange(false);
            if (reason === 'escape') buttonRef.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}
