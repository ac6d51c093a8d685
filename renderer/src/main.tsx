// First: it asks for an opened document's first page while the rest of this code is evaluated.
import './features/editor/loading/start-first-page-read';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { preloadView } from './AppShell';
import { parseRoute } from './app/routes';
import { createQueryClient } from './app/query-client';
import { getBridge } from './bridge';
import { prefetchOpenDocument } from './features/editor/loading/prefetch-document';
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

// A document opened by the address (a reload, a link) is read while the shell renders and paints,
// not from the editor's effects after the first frame; the first view's code loads beside it.
const queryClient = createQueryClient();
prefetchOpenDocument(queryClient, window.location.hash);
preloadView(parseRoute(window.location.hash));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
