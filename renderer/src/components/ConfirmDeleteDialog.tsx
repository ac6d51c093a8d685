import type { ReactNode } from 'react';
import { ErrorMessage } from './ErrorMessage';
import { ModalDialog } from './ModalDialog';

interface ConfirmDeleteDialogProps {
  /** The dialog's test id; its buttons are `<testId>-cancel` and `<testId>-ok` unless named. */
  testId: string;
  /** "Delete “Help en-es”?" */
  title: ReactNode;
  /** What goes, what stays, and that it cannot be undone. */
  children: ReactNode;
  /** "Delete memory". */
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  isPending: boolean;
  /** The failed deletion's error (null when none), and what to call it. */
  error: unknown;
  errorTitle: string;
  errorTestId?: string;
  /** The deletion cannot go ahead (say why in `error`): only a Close button. */
  isBlocked?: boolean;
  okTestId?: string;
  fallbackFocus?: () => HTMLElement | null | undefined;
}

/** Asks before deleting something; the safe choice has the focus. */
export function ConfirmDeleteDialog(props: ConfirmDeleteDialogProps) {
  const { testId, onClose, isPending, error, isBlocked = false } = props;
  const titleId = `${testId}-title`;
  return (
    <ModalDialog
      labelledBy={titleId}
      testId={testId}
      onClose={onClose}
      fallbackFocus={props.fallbackFocus}
    >
      <div className="modal-body">
        <h2 id={titleId}>{props.title}</h2>
        {props.children}
        {error ? (
          <ErrorMessage error={error} title={props.errorTitle} testId={props.errorTestId} />
        ) : null}
      </div>
      <div className="modal-actions">
        <button
          type="button"
          className="button"
          autoFocus
          onClick={onClose}
          data-testid={`${testId}-cancel`}
        >
          {isBlocked ? 'Close' : 'Cancel'}
        </button>
        {isBlocked ? null : (
          <button
            type="button"
            className="button button-danger"
            disabled={isPending}
            onClick={props.onConfirm}
            data-testid={props.okTestId ?? `${testId}-ok`}
          >
            {isPending ? 'Deleting…' : props.confirmLabel}
          </button>
        )}
      </div>
    </ModalDialog>
  );
}
