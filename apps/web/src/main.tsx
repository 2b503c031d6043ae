import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { rememberLanding } from './app/boot';
import { forgetFailedStylesheet, isChunkLoadError } from './app/pageLoad';
import { TEXT } from './lib/errorCatalogue';
import { local } from './lib/storage';
import { toast } from './lib/toast';
import './styles/base.css';

rememberLanding(new URL(window.location.href), navigator.userAgent, local);

// A page's stylesheet that failed to load must be fetched again on 重试 (see forgetFailedStylesheet).
window.addEventListener('vite:preloadError', (e) => forgetFailedStylesheet((e as Event & { payload?: unknown }).payload));
// Code loaded on a tap (a dialog, a prompt) that fails offline: say so instead of doing nothing.
window.addEventListener('unhandledrejection', (e) => {
  if (isChunkLoadError(e.reason)) toast(TEXT.network);
});

createRoot(document.getElementById('root')!).render(<App />);
