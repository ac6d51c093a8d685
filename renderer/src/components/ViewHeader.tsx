import type { ReactNode } from 'react';

interface ViewHeaderProps {
  title: string;
  children?: ReactNode;
  /** Buttons for the whole view (e.g. "New project"), shown at the header's end. */
  actions?: ReactNode;
}

/** The title of a view and one or two lines on what it is for. */
export function ViewHeader({ title, children, actions }: ViewHeaderProps) {
  return (
    <header className={actions ? 'view-header view-header-with-actions' : 'view-header'}>
      <div>
        <h1>{title}</h1>
        {children ? <p className="view-lead">{children}</p> : null}
      </div>
      {actions ? <div className="view-actions">{actions}</div> : null}
    </header>
  );
}
