import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { rememberLanding } from './app/boot';
import { local } from './lib/storage';
import './styles/base.css';

rememberLanding(new URL(window.location.href), navigator.userAgent, local);

createRoot(document.getElementById('root')!).render(<App />);
