import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

// The visitor runtime: one tiny eager entry (the loader) and one lazily imported chunk
// holding React and the islands. The server serves dist/assets at /assets/* and reads
// dist/manifest.json to find the hashed loader file.
const assetsDir = fileURLToPath(new URL('./dist/assets', import.meta.url));

/** dist/ also holds tsc's output, so only the hashed bundles of earlier builds are cleared. */
function clearOldAssets(): Plugin {
  return {
    name: 'tessera-clear-old-assets',
    apply: 'build',
    buildStart() {
      rmSync(assetsDir, { recursive: true, force: true });
    },
  };
}

export default defineConfig({
  plugins: [clearOldAssets()],
  root: fileURLToPath(new URL('.', import.meta.url)),
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
    emptyOutDir: false,
    manifest: 'manifest.json',
    target: 'es2022',
    modulePreload: false,
    sourcemap: false,
    rolldownOptions: {
      input: { loader: fileURLToPath(new URL('./src/loader.ts', import.meta.url)) },
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
      // @tessera/core is pure: let the bundler drop every export the browser does not use.
      treeshake: {
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]core[\\/]src[\\/]/.test(id),
      },
    },
  },
});
