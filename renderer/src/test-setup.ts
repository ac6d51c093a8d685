import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// waitFor and findBy* wait for what they look for, not for a budget of 1 s that a busy machine
// overruns: their limit is a hang guard like the tests' own (vitest.config.ts).
configure({ asyncUtilTimeout: 60_000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup: unmount here.
afterEach(() => {
  cleanup();
});

// jsdom has <dialog> but not showModal(): stand in for the browser's part (open, and Esc's
// "close" event), so what the components themselves do stays under test.
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
