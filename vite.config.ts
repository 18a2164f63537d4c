import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import type { Plugin } from 'vite';
import { precompressDir } from './api/http/precompress.ts';

/**
 * Every signed-in screen renders inside the `_app` layout (shell, device database, sync engine). Preloading its chunks
 * from index.html lets the browser fetch and compile them while the entry script runs, instead of after the router
 * asks for them: about a fifth off an offline cold start on a throttled phone (bench:web).
 */
function preloadSignedInShell(): Plugin {
  return {
    name: 'preload-signed-in-shell',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle ?? {};
        const files = new Set<string>();
        const add = (name: string) => {
          const chunk = bundle[name];
          if (!chunk || chunk.type !== 'chunk' || files.has(name)) return;
          files.add(name);
          chunk.imports.forEach(add);
        };
        for (const [name, chunk] of Object.entries(bundle)) {
          if (chunk.type === 'chunk' && chunk.facadeModuleId?.includes('/routes/_app.tsx')) add(name);
        }
        // the entry and its own imports are linked by Vite already
        const entry = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry);
        const linked = new Set(entry?.type === 'chunk' ? [entry.fileName, ...entry.imports] : []);
        return [...files]
          .filter((f) => !linked.has(f))
          .map((f) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', href: `/${f}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

const OUT_DIR = resolve(import.meta.dirname, 'dist');

/**
 * The service worker stores the app one file at a time, in this order: the app page, then what it loads (the entry,
 * the styles, the signed-in shell it preloads), then every other file smallest first, so the most screens are on the
 * device soonest. A phone that loses signal seconds after signing in can then still reload the app.
 */
function shellFirst(entries: { url: string; size: number; revision: string | null }[]) {
  const page = readFileSync(resolve(OUT_DIR, 'index.html'), 'utf8');
  const loaded = new Set([...page.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]));
  const rank = (e: { url: string }) => (e.url === 'index.html' ? 0 : loaded.has(e.url) ? 1 : 2);
  return { manifest: [...entries].sort((a, b) => rank(a) - rank(b) || a.size - b.size) };
}

/**
 * Brotli and gzip copies beside every built text file, the service worker included, which the server sends to clients
 * that accept them (api/http/static.ts). Last, after vite-plugin-pwa has written `sw.js`.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    closeBundle: { sequential: true, order: 'post', handler: () => precompressDir(OUT_DIR) },
  };
}

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // zod (and the schema helpers built on it) in a chunk of its own, loaded with the first form or write: left
          // to itself, Rolldown puts it in the device database's chunk, which the first screen loads (bench:web). The
          // messages go first, or the zod chunk would take them along and every screen showing one would load zod.
          groups: [
            { name: 'messages', test: /[\\/]schema[\\/]messages\.ts$/, priority: 2 },
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]schema[\\/]common\.ts$/, priority: 1 },
          ],
        },
      },
    },
  },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './routes',
      generatedRouteTree: './routeTree.gen.ts',
    }),
    react(),
    preloadSignedInShell(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,png,svg,webmanifest}'],
        manifestTransforms: [shellFirst],
      },
      devOptions: { enabled: false, type: 'module' },
      manifest: {
        name: 'Public Safety Training Records',
        short_name: 'Training Records',
        description: 'Skills, hours and accreditation records for EMS, Fire and Police training programs',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#f8fafc',
        theme_color: '#1e3a8a',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
    precompress(),
  ],
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
