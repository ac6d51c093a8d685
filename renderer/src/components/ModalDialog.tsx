import { useEffect, useRef, useState, type ReactNode } from 'react';

interface ModalDialogProps {
  /** The id of the dialog's heading, which names it. */
  labelledBy: string;
  testId: string;
  /** Esc, or the dialog closed itself: the owner unmounts it. */
  onClose: () => void;
  /** Where the focus goes when the element it came from is gone (e.g. the deleted item's button). */
  fallbackFocus?: () => HTMLElement | null | undefined;
  className?: string;
  children: ReactNode;
}

/**
 * A native modal <dialog>: the rest of the page is inert while it is open (so Tab stays inside)
 * and Esc closes it. Focus goes back to where it was when the dialog unmounts, or to the
 * fallback when that element is gone or cannot take it.
 */
export function ModalDialog({
  labelledBy,
  testId,
  onClose,
  fallbackFocus,
  className,
  children,
}: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // Where the focus was before the dialog rendered: read on the first render, before a child's
  // autoFocus can move it (an effect would run after that).
  const [opener] = useState(() => document.activeElement);
  // Read when the dialog closes: the fallback may only exist by then.
  const fallbackRef = useRef(fallbackFocus);
  useEffect(() => {
    fallbackRef.current = fallbackFocus;
  });
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      // The body is no place to return to, nor a button disabled while the dialog's action runs:
      // the fallback is.
      const canTakeFocus =
        opener instanceof HTMLElement &&
        opener !== document.body &&
        opener.isConnected &&
        !opener.matches(':disabled');
      if (canTakeFocus) opener.focus();
      else fallbackRef.current?.()?.focus();
    };
  }, [opener]);
  return (
    <dialog
      ref={ref}
      className={className ? `modal ${className}` : 'modal'}
      aria-labelledby={labelledBy}
      data-testid={testId}
      onClose={onClose}
    >
      {children}
    </dialog>
  );
}
