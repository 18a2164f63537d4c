import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'bench/matrix-page',
  base: './',
  logLevel: 'warn',
  plugins: [react(), tailwindcss()],
  build: { outDir: process.env.BENCH_DIST ?? '/tmp/bench-matrix-page', emptyOutDir: true },
});
