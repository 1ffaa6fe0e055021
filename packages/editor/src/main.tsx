// The base look and the parts every screen uses come first in the initial sheet; each screen's own
// parts follow from the components that draw them (shell, page editor, pages, layers, canvas).
import './base.css';
import './widgets.css';
import './panels/panel.css';
import { createRoot } from 'react-dom/client';
import { App } from './ui/App.js';

const root = document.getElementById('editor-root');
if (root) createRoot(root).render(<App />);
