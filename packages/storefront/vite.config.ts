import { join } from 'node:path';
import { defineConfig } from 'vite';

// The visitor runtime: one tiny eager entry (the loader) and one lazily imported chunk per island
// (src/islands/index.tsx), with React and ReactDOM in one shared chunk that only the React
// islands import. The server serves dist/assets at /assets/* and reads dist/manifest.json to
// find the hashed loader file.
export default defineConfig({
  root: import.meta.dirname,
  publicDir: false,
  // Workspace packages resolve to their TypeScript source, so @tessera/core is bundled
  // (and tree-shaken) from the same code the server runs.
  resolve: { conditions: ['source', 'module', 'browser', 'default'] },
  // Vite 8 transforms TS/TSX with Oxc; React's automatic JSX runtime without the React plugin.
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    // dist/ also holds tsc's output; and earlier hashed bundles stay, so a server still running on
    // an older manifest (or a cached page) keeps finding its files after a rebuild.
    emptyOutDir: false,
    manifest: 'manifest.json',
    target: 'es2022',
    // A lazy chunk's own imports (React, shared modules) are fetched in parallel with it
    // (<link rel="modulepreload"> added by Vite's import wrapper) instead of one after another.
    // Every browser Tessera supports has modulepreload, so no polyfill in the loader.
    modulePreload: { polyfill: false },
    sourcemap: false,
    rolldownOptions: {
      input: { loader: join(import.meta.dirname, 'src/loader.ts') },
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        // React, ReactDOM and their scheduler: one chunk, fetched with the first React island.
        codeSplitting: {
          groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
      // @tessera/core is pure: let the bundler drop every export the browser does not use.
      treeshake: {
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]core[\\/]src[\\/]/.test(id),
      },
    },
  },
});
