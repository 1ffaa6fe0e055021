import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';

const here = (path: string) => resolve(import.meta.dirname, path);

/**
 * The template engine reads CLDR locale packs through Node's `require`; in the browser the editor
 * gives it a module that loads the packs it bundles instead (`src/preview/cldr-browser.ts`).
 */
function browserCldr(): Plugin {
  const replacement = here('./src/preview/cldr-browser.ts');
  return {
    name: 'tessera-browser-cldr',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './cldr.js' && importer && /[\\/]jsont[\\/]src[\\/]runtime[\\/]/.test(importer))
        return replacement;
      return null;
    },
  };
}

// The owner's editor, served by the server at /config (assets at /config/assets/*). The entry is
// small: the page renderer (template engine, CLDR data, theme) loads as its own chunk.
export default defineConfig({
  root: here('.'),
  base: '/config/',
  publicDir: false,
  plugins: [browserCldr()],
  // Workspace packages from their TypeScript sources. Not through the 'source' export condition:
  // Lexical's packages also publish one, pointing at sources that need their own build.
  resolve: {
    conditions: ['module', 'browser', 'default'],
    alias: {
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
