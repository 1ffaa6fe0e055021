import { createRoot } from 'react-dom/client';
import { App } from './ui/App.js';
import './editor.css';

const root = document.getElementById('editor-root');
if (root) createRoot(root).render(<App />);
