import './zod-config.ts';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { loadMessages, storedLanguage } from './i18n/i18n.tsx';
import { installExtensionErrorFilter } from './lib/extension-errors.ts';
import './index.css';

installExtensionErrorFilter();

const language = storedLanguage();
// Load the visitor's catalogue before the first render, so a Turkish visitor never sees English flash by.
const messages = await loadMessages(language);
createRoot(document.getElementById('root')!).render(<App language={language} messages={messages} />);
