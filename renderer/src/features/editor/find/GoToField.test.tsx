import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useEditorStore } from '../editor-store';
import { useFindStore } from './find-store';
import { GoToField } from './GoToField';

function renderField(count = 1204) {
  const onGoTo = vi.fn<(index: number) => void>();
  render(<GoToField count={count} onGoTo={onGoTo} />);
  const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'Go to' });
  return { onGoTo, field, user: userEvent.setup() };
}

beforeEach(() => {
  useFindStore.setState(useFindStore.getInitialState());
  useEditorStore.setState(useEditorStore.getInitialState());
});

describe('GoToField', () => {
  it('goes to the typed segment on Enter, then back to the translation', async () => {
    const { onGoTo, field, user } = renderField();
    await user.type(field, '12{Enter}');
    expect(onGoTo).toHaveBeenCalledWith(11);
    expect(field.value).toBe('');
    expect(document.activeElement).not.toBe(field);
    expect(useEditorStore.getState().targetFocusRequest).toBe(1);
  });

  it('reads numbers written the way the grid writes them', async () => {
    const { onGoTo, field, user } = renderField();
    await user.type(field, ' #1,204 {Enter}');
    expect(onGoTo).toHaveBeenCalledWith(1203);
  });

  it('explains a number out of range, tied to the field, and stays put', async () => {
    const { onGoTo, field, user } = renderField(40);
    await user.type(field, '41{Enter}');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('There is no segment 41. Type 1 to 40.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(alert.id);
    expect(onGoTo).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(field);
    expect(field.value).toBe('41');
  });

  it('asks for a number when given words, and says a one-segment document has one', async () => {
    const { field, user } = renderField(1);
    await user.type(field, 'last{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(
      'Type a segment number. This document has one segment.',
    );
  });

  it('drops the message as soon as the number is edited', async () => {
    const { field, user } = renderField(40);
    await user.type(field, '0{Enter}');
    expect(screen.getByRole('alert')).toBeTruthy();
    await user.type(field, '{Backspace}3');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field.hasAttribute('aria-invalid')).toBe(false);
  });

  it('Esc clears the field and its message and returns to the translation', async () => {
    const { onGoTo, field, user } = renderField(40);
    await user.type(field, '99{Enter}');
    await user.keyboard('{Escape}');
    expect(field.value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).not.toBe(field);
    expect(useEditorStore.getState().targetFocusRequest).toBe(1);
    expect(onGoTo).not.toHaveBeenCalled();
  });

  it('selects what was typed on Ctrl+G (a focus request)', async () => {
    const { field, user } = renderField();
    await user.type(field, '77');
    act(() => useFindStore.getState().focusGoTo());
    await waitFor(() => expect(field.selectionStart).toBe(0));
    expect(field.selectionEnd).toBe(2);
  });
});
