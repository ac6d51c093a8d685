import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { getBridge } from './bridge';
import './styles/app.css';
import './styles/board.css';

// A file dropped anywhere but a drop zone must not replace the app with the file's contents (the
// browser's default). Drop zones handle the event before it reaches the window.
for (const type of ['dragover', 'drop'] as const) {
  window.addEventListener(type, (event) => {
    if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
  });
}

// Resolve the bridge before the first render: in a browser this takes the access token out of the address bar.
getBridge();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
