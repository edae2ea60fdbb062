// The page's entry: the app drawn into #root. Bundled by esbuild (scripts/build.mjs) with its style
// sheet; the server serves these two files and nothing else.
import { createRoot } from 'react-dom/client';
import { App } from './app.js';
import './style.css';

const root = document.getElementById('root');
if (root !== null) createRoot(root).render(<App />);
