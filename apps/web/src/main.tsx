import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { router } from './app/router';
import { captureInstallPrompt } from './components/pwa/install-prompt';
import { startLanguage } from './i18n/i18n';
import './index.css';

captureInstallPrompt();
startLanguage();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
