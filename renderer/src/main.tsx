import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { getBridge } from './bridge';
import './styles/app.css';
import './styles/board.css';

// Resolve the bridge before the first render: in a browser this takes the access token out of the address bar.
getBridge();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
