import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  children: ReactNode;
  testId?: string;
}

/** What the user sees where a list has nothing in it yet, and what they can do about it. */
export function EmptyState({ title, children, testId }: EmptyStateProps) {
  return (
    <div className="empty-state" data-testid={testId}>
      <p className="empty-state-title">{title}</p>
      <div className="empty-state-body">{children}</div>
    </div>
  );
}
