import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup: unmount here.
afterEach(() => {
  cleanup();
});

// jsdom has <dialog> but not showModal(): stand in for the browser's part (open, and Esc's
// "close" event), so what the components themselves do stays under test.
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
