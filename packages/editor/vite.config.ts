import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const here = (path: string) => resolve(import.meta.dirname, path);

// The owner's editor, served by the server at /config (assets at /config/assets/*). The entry is
// small: the page renderer (template engine, CLDR data, theme) loads as its own chunk. The preview
// hands the engine its CLDR data through jsont's public `cldr` render option (src/preview/cldr-browser.ts).
export default defineConfig({
  root: here('.'),
  base: '/config/',
  publicDir: false,
  // Workspace packages from their TypeScript sources. Not through the 'source' export condition:
  // Lexical's packages also publish one, pointing at sources that need their own build.
  resolve: {
    conditions: ['module', 'browser', 'default'],
    alias: {
      // The subpath first: an alias also matches what starts with its name and a slash.
      '@tessera/core/editor': here('../core/src/editor/index.ts'),
      '@tessera/core': here('../core/src/index.ts'),
      '@tessera/jsont': here('../jsont/src/index.ts'),
    },
  },
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: false,
    manifest: 'manifest.json',
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      input: { main: here('./src/main.tsx') },
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
      treeshake: {
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]core[\\/]src[\\/]/.test(id),
      },
    },
  },
});
