import { defineConfig } from 'vite';

export default defineConfig({
  root: 'bench/pull-page',
  logLevel: 'warn',
  build: { outDir: process.env.BENCH_DIST ?? '/tmp/bench-pull-page', emptyOutDir: true },
});
