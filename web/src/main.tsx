import './zod-config.ts';
import './base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { useSession } from './features/auth/index.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element to mount the app in');

void useSession.getState().start();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
