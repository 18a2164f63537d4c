/**
 * Long tasks of a phone's first visit (issue 32): a cold browser (no service worker, nothing stored) opens a student's
 * home and a preceptor's skill entry at 4x CPU throttling, and the page's own PerformanceObserver lists every task over
 * 50 ms, with the scripts the long animation frame around it ran. Blocking time is each long task's excess over 50 ms,
 * summed until the page has been quiet for QUIET_MS (the first sync stored and drawn), as Lighthouse counts it.
 * `node --import tsx bench/long-tasks.ts` after `npx vite build`; BENCH_PORT as bench:web; `BENCH_PAGE='skill entry'`
 * (or "student's home") visits that page alone.
 */
import { join } from 'node:path';

import { type Browser, chromium } from '@playwright/test';

import { startServer } from './server.ts';

const PORT = Number(process.env.BENCH_PORT ?? 3299) + 3;
const BASE = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'bench-web-password';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** The page counts as settled once no long task started for this long (the first sync's pages come within 1 s). */
const QUIET_MS = 4000;

const VISITS = [
  { page: "student's home", path: '/', role: 'student' },
  { page: 'skill entry', path: '/ems/skill-entry', role: 'preceptor' },
].filter((v) => !process.env.BENCH_PAGE || v.page === process.env.BENCH_PAGE);

interface Task {
  start: number;
  duration: number;
  scripts: string[];
}

/** Installed before the app's first script: long tasks, and long animation frames for which scripts ran in them. */
function observe() {
  const w = window as unknown as { longTasks: Task[]; frames: PerformanceEntry[] };
  w.longTasks = [];
  w.frames = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.longTasks.push({ start: e.startTime, duration: e.duration, scripts: [] });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => w.frames.push(...list.getEntries())).observe({
    type: 'long-animation-frame',
    buffered: true,
  });
}

interface Frame {
  startTime: number;
  duration: number;
  scripts: { invoker: string; sourceURL: string; sourceFunctionName: string; duration: number }[];
}

async function visit(browser: Browser, path: string, role: string) {
  const context = await browser.newContext({ baseURL: BASE, viewport: { width: 390, height: 844 } });
  const res = await context.request.post('/api/login', { data: { email: `${role}@demo.test`, password: PASSWORD } });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()}`);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(observe);
  await page.goto(path);
  for (let waited = 0; waited < 60_000; waited += 500) {
    await page.waitForTimeout(500);
    const quiet = await page.evaluate((ms) => {
      const tasks = (window as unknown as { longTasks: Task[] }).longTasks;
      const last = tasks.length ? tasks[tasks.length - 1].start + tasks[tasks.length - 1].duration : 0;
      return performance.now() - Math.max(last, 1000) > ms;
    }, QUIET_MS);
    if (quiet) break;
  }
  const { tasks, frames } = await page.evaluate(() => {
    const w = window as unknown as { longTasks: Task[]; frames: Frame[] };
    return {
      tasks: w.longTasks,
      frames: w.frames.map((f) => ({
        startTime: f.startTime,
        duration: f.duration,
        scripts: f.scripts.map((s) => ({
          invoker: s.invoker,
          sourceURL: s.sourceURL,
          sourceFunctionName: s.sourceFunctionName,
          duration: s.duration,
        })),
      })),
    };
  });
  await context.close();
  for (const task of tasks) {
    const frame = frames.find((f) => f.startTime <= task.start + 1 && task.start < f.startTime + f.duration);
    task.scripts = (frame?.scripts ?? [])
      .filter((s) => s.duration >= 10)
      .map(
        (s) =>
          `${s.invoker} ${s.sourceFunctionName || ''} ${s.sourceURL.split('/').pop()} ${Math.round(s.duration)} ms`,
      );
  }
  return tasks;
}

const blocking = (tasks: Task[]) => tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);

const server = await startServer('e2e/serve.ts', PORT, {
  DEMO: '1',
  DEMO_PASSWORD: PASSWORD,
  WEB_DIST: join(import.meta.dirname, '..', 'dist'),
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  for (const v of VISITS) {
    const totals: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const tasks = await visit(browser, v.path, v.role);
      totals.push(blocking(tasks));
      console.log(`${v.page}, run ${run + 1}: ${tasks.length} long tasks, blocking ${Math.round(blocking(tasks))} ms`);
      for (const t of tasks)
        console.log(
          `  at ${Math.round(t.start)} ms, ${Math.round(t.duration)} ms: ${t.scripts.join('; ') || '(no script attributed)'}`,
        );
    }
    const sorted = [...totals].sort((a, b) => a - b);
    console.log(
      `${v.page}: blocking time ${sorted.map(Math.round).join(', ')} ms (median ${Math.round(sorted[Math.floor(sorted.length / 2)])} ms)`,
    );
  }
} finally {
  await browser.close();
  server.kill();
}
