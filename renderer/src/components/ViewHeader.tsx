import type { ReactNode } from 'react';

interface ViewHeaderProps {
  title: string;
  children?: ReactNode;
}

/** The title of a view and one or two lines on what it is for. */
export function ViewHeader({ title, children }: ViewHeaderProps) {
  return (
    <header className="view-header">
      <h1>{title}</h1>
      {children ? <p className="view-lead">{children}</p> : null}
    </header>
  );
}
