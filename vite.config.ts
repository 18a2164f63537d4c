import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import type { Plugin, Rolldown } from 'vite';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

import { precompressDir } from './api/http/precompress.ts';
import { LANDING_PAGES, landingPage } from './api/http/static.ts';
import { type Role, ROLES } from './schema/enums.ts';
import { refusedScreens } from './web/features/shell/navigation.ts';
import { landingPart } from './web/landing-parts.ts';
import { CORE_SCREENS } from './web/lib/field-screens.ts';

/** The files of the chunks named `part` and of every chunk they import. */
function chunkFiles(bundle: Rolldown.OutputBundle, part: string) {
  const files = new Set<string>();
  const add = (name: string) => {
    const chunk = bundle[name];
    if (chunk?.type !== 'chunk' || files.has(name)) return;
    files.add(name);
    chunk.imports.forEach(add);
  };
  for (const [name, chunk] of Object.entries(bundle)) if (chunk.type === 'chunk' && chunk.name === part) add(name);
  return files;
}

/**
 * Every signed-in screen renders inside the `_app` layout (shell, device database, sync engine). Preloading its chunks
 * from index.html lets the browser fetch and compile them while the entry script runs, instead of after the router
 * asks for them: about a fifth off an offline cold start on a throttled phone (bench:web).
 *
 * The pages a phone opens first (api/http/static.ts LANDING_PAGES) get a copy of the app page that also preloads their
 * own screen's code, which the router would otherwise ask for only once the entry has run: one round trip less before
 * the first paint on a weak signal; the signed-in ones also ask who is signed in (api/http/static.ts `landingPage`).
 * The sign-in page draws nothing of the signed-in shell, and on a first visit those bytes would compete with its own:
 * its copy leaves them out.
 */
function preloadSignedInShell(): Plugin {
  return {
    name: 'preload-signed-in-shell',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle ?? {};
        // the entry and its own imports are linked by Vite already
        const entry = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry);
        const linked = new Set(entry?.type === 'chunk' ? [entry.fileName, ...entry.imports] : []);
        return [...chunkFiles(bundle, 'shell')]
          .filter((f) => !linked.has(f))
          .map((f) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', href: `/${f}`, 'data-signed-in': '' },
            injectTo: 'head' as const,
          }));
      },
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const page = bundle['index.html'];
        if (page?.type !== 'asset') return;
        for (const { file, part, signedIn } of Object.values(LANDING_PAGES)) {
          const source = landingPage(String(page.source), { signedIn, files: [...chunkFiles(bundle, part)] });
          this.emitFile({ type: 'asset', fileName: file, source });
        }
      },
    },
  };
}

/**
 * The app's one stylesheet (Tailwind's, 8 KB compressed) is written into the app page instead of linked from it: a
 * linked stylesheet holds the first paint until a second round trip brings it, 150 ms and more on a weak signal. The
 * screens' code lists the file among those it needs (Vite's preload helper fetches each listed stylesheet the page has
 * no link to), so the page keeps its link, disabled: the browser does not fetch a disabled stylesheet, and the helper
 * counts it as there.
 */
function inlineStylesheet(): Plugin {
  return {
    name: 'inline-stylesheet',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle ?? {};
        return html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (link, file: string) => {
          const sheet = bundle[file];
          if (sheet?.type !== 'asset') return link;
          return `<style>${String(sheet.source)}</style><link rel="stylesheet" href="/${file}" disabled>`;
        });
      },
    },
  };
}

/**
 * The files a page runs as it opens: the entry and what it imports, the sign-in page's, and the signed-in shell and
 * landing screens. Each starts with V8's explicit compile hint (Chrome 136 on; other browsers read a comment), so the
 * browser compiles all of the file's functions on a background thread as it downloads it. Without it, each function
 * was compiled on the main thread when first called: 426-888 ms of a throttled phone's first visit to skill entry, of
 * which the hint leaves 9-130 (docs/PERFORMANCE.md). The field screens and the rest load later and keep lazy compiling.
 */
const COMPILED_ON_LOAD = [...Object.values(LANDING_PAGES).map((page) => page.part), 'shell', 'dashboard'];
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Puts {@link COMPILE_HINT} first in those files (the entry's, the parts', and what they import) once they are written:
 * no minifier drops it there, and nothing goes before it (Vite puts a file's list of preloads first after every
 * plugin's generateBundle).
 */
function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    writeBundle: {
      order: 'post',
      handler({ dir = OUT_DIR }, bundle) {
        const entry = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry);
        const files = new Set(
          [entry?.name ?? '', ...COMPILED_ON_LOAD].flatMap((part) => [...chunkFiles(bundle, part)]),
        );
        for (const name of files) {
          const file = join(dir, name);
          writeFileSync(file, `${COMPILE_HINT}\n${readFileSync(file, 'utf8')}`);
        }
      },
    },
  };
}

const OUT_DIR = resolve(import.meta.dirname, 'dist');

/** Libraries only the rest of the app uses are left to Rolldown, which keeps them out of the files the first screen loads. */
const NODE_MODULES = /[\\/]node_modules[\\/]/;
const ENTRY = /[\\/]web[\\/]main\.tsx$/;
const SIGN_IN = /[\\/]web[\\/]routes[\\/]login\.tsx\?/;
/** The signed-in layout, and the screens a user lands on: home and skill entry (web/first-screen.test.ts). */
const SHELL = /[\\/]web[\\/]routes[\\/]_app\.tsx\?/;
const HOME = /[\\/]web[\\/]routes[\\/]_app[\\/]index\.tsx\?/;
const SKILL_ENTRY = /[\\/]web[\\/]routes[\\/]_app[\\/]ems[\\/]skill-entry\.tsx\?/;
/** The staff's home, which the home route loads for staff only (web/routes/_app/index.tsx). */
const DASHBOARD = /[\\/]web[\\/]features[\\/]dashboard[\\/]dashboard-page\.tsx$/;
/** The field screens' route components, which the shell fetches once the first screen is up. */
const FIELD_ROUTES = CORE_SCREENS.map((path) => `/web/routes/_app${path === '/' ? '/index' : path}.tsx?`);
/** A screen's component, which the router loads when the screen opens: web/routes/_app/ems/skill-entry.tsx?tsr-split… */
const SCREEN_MODULE = /[\\/]web[\\/]routes[\\/]_app[\\/](.+)\.tsx\?tsr-split/;
/**
 * A chart, loaded when it is shown (web/lib/ui/lazy-part.tsx): it draws figures its screen also gives as text, so a
 * device is ready offline without it and stores it after; with its library (recharts, d3) it is a fifth of the app.
 */
const CHART = /-chart\.tsx$/;
/**
 * Whether a module opens to this role what it imports: a screen's component only if the role's menu has the screen
 * (a screen under a refused item, /students/$id under /students, is refused with it); a chart never; anything else, null.
 */
function opensFor(id: string, refused: readonly string[]) {
  if (CHART.test(id)) return false;
  const file = SCREEN_MODULE.exec(id)?.[1].replaceAll('\\', '/');
  if (file === undefined) return null;
  const screen = file === 'index' ? '/' : `/${file}`;
  return !refused.some((to) => screen === to || screen.startsWith(`${to}/`) || screen.startsWith(`${to}.`));
}

type Part = 'login' | 'both' | 'shell' | 'home' | 'dashboard' | 'skill-entry' | 'field' | 'screens' | 'desk';
/**
 * A library that only one landing screen imports is left to Rolldown, not put in that screen's file: the module graph
 * has every component a library's index re-exports (Headless UI's combobox, menu and popover, with floating-ui), and
 * the other screens that use those would then load them from skill entry's file, which the first screen carries.
 */
const LANDING = new Set<Part>(['home', 'dashboard', 'skill-entry']);

/**
 * Which file each module's code goes in, from the build's module graph (static imports; a dynamic import() loads
 * later): `login`, the sign-in page's own; `both`, what the sign-in page and the signed-in shell share; `shell`, the
 * signed-in layout (and what home and skill entry share); `home` and `skill-entry`, the screens a user lands on, each
 * in its own file so that one does not load the other; `dashboard`, the staff's home, which a student's never loads,
 * in a file of its own so that staff do not wait for the field file to see it; `field`, the field screens and the parts
 * the shell loads later, which it fetches once the first screen is up; `screens`, the rest of the app, which the service worker stores after;
 * `desk`, what only the screens some role's menu refuses load (spreadsheets, admin screens), kept out of the files
 * every role needs, so that a student's device is ready offline without them ({@link roleFiles}); the charts go in a
 * file of their own (`CHART`).
 */
function appParts() {
  const imports = new Map<string, { static: readonly string[]; dynamic: readonly string[] }>();
  let parts: Map<string, Part> | undefined;
  const reach = (roots: Iterable<string>) => {
    const found = new Set(roots);
    for (const id of found) for (const next of imports.get(id)?.static ?? []) found.add(next);
    return found;
  };
  const matching = (test: (id: string) => boolean) => [...imports.keys()].filter(test);
  /** What the entry reaches, by static or dynamic import, without opening a screen this role's menu refuses. */
  const reachedBy = (role: Role) => {
    const refused = refusedScreens(role);
    const found = new Set(matching((id) => ENTRY.test(id)));
    for (const id of found) {
      const { static: now = [], dynamic: later = [] } = imports.get(id) ?? {};
      for (const next of [...now, ...later]) if (opensFor(next, refused) !== false) found.add(next);
    }
    return found;
  };
  let everyRole: Set<string> | undefined;
  const neededByEveryRole = (id: string) => {
    everyRole ??= ROLES.map(reachedBy).reduce((all, one) => new Set([...all].filter((x) => one.has(x))));
    return everyRole.has(id);
  };
  const assign = () => {
    const [signIn, shell, home, skillEntry, dashboard] = [SIGN_IN, SHELL, HOME, SKILL_ENTRY, DASHBOARD].map((root) =>
      reach(matching((id) => root.test(id))),
    );
    const signedIn = new Set([...shell, ...home, ...skillEntry]);
    const later = [...signedIn].flatMap((id) => imports.get(id)?.dynamic ?? []).filter((id) => !DASHBOARD.test(id));
    const landing = (id: string): Part => landingPart(id, { shell, home, skillEntry, dashboard });
    const fieldRoots = matching((id) => FIELD_ROUTES.some((route) => id.replaceAll('\\', '/').includes(route)));
    const field = reach([...later, ...fieldRoots]);
    const found = new Map<string, Part>();
    for (const id of field) found.set(id, 'field');
    for (const id of dashboard) found.set(id, 'dashboard');
    for (const id of signedIn) found.set(id, landing(id));
    for (const id of signIn) found.set(id, signedIn.has(id) ? 'both' : 'login');
    return found;
  };
  const plugin: Plugin = {
    name: 'app-parts',
    apply: 'build',
    buildEnd() {
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        imports.set(id, { static: info?.importedIds ?? [], dynamic: info?.dynamicallyImportedIds ?? [] });
      }
    },
  };
  return {
    plugin,
    partOf: (id: string): Part => (parts ??= assign()).get(id) ?? (neededByEveryRole(id) ? 'screens' : 'desk'),
  };
}
const app = appParts();

/** The parts the service worker stores before it takes over: the signed-in shell and the field screens. */
const SHELL_PARTS = new Set(['shell', 'home', 'dashboard', 'skill-entry', 'field']);

/** A worker's file, which Vite emits as an asset of the bundle: the one the entry starts (web/lib/start-up-worker.ts). */
const WORKER_FILE = /\.worker-[\w-]+\.js$/;

/**
 * The files of the shell parts and what they import, read from the bundle, for {@link shellFirst}, and the workers the
 * entry starts, which every page loads at start-up as it loads the entry.
 */
function shellChunks() {
  const files = new Set<string>();
  const plugin: Plugin = {
    name: 'shell-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const add = (name: string) => {
        const chunk = bundle[name];
        if (chunk?.type !== 'chunk' || files.has(name)) return;
        files.add(name);
        chunk.imports.forEach(add);
      };
      for (const [name, chunk] of Object.entries(bundle))
        if (chunk.type === 'chunk' && SHELL_PARTS.has(chunk.name)) add(name);
        else if (WORKER_FILE.test(name)) files.add(name);
    },
  };
  return { plugin, files };
}
const shell = shellChunks();

/**
 * Which roles need each built file to work offline: everything the entry reaches, by static or dynamic import, without
 * going through a file that holds only screens the role's menu refuses (web/features/shell/navigation.ts
 * `refusedScreens`) or charts. A student's device is ready without the desk's screens and the libraries only they load.
 */
function roleFiles() {
  const rolesOf = new Map<string, Role[]>();
  const plugin: Plugin = {
    name: 'role-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const role of ROLES) {
        const refused = refusedScreens(role);
        const open = (chunk: Rolldown.OutputChunk) => {
          const gates = chunk.moduleIds.map((id) => opensFor(id, refused)).filter((g) => g !== null);
          return gates.length === 0 || gates.includes(true);
        };
        const files = new Set<string>();
        const add = (name: string) => {
          const chunk = bundle[name];
          if (chunk?.type !== 'chunk' || files.has(name) || !open(chunk)) return;
          files.add(name);
          [...chunk.imports, ...chunk.dynamicImports].forEach(add);
        };
        for (const [name, chunk] of Object.entries(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) add(name);
        for (const [name, chunk] of Object.entries(bundle))
          if (chunk.type === 'chunk')
            rolesOf.set(name, [...(rolesOf.get(name) ?? []), ...(files.has(name) ? [role] : [])]);
      }
    },
  };
  return { plugin, rolesOf };
}
const roles = roleFiles();

/** The roles a file of the rest is for, when not every role's device needs it (`roles` in web/sw.ts); not code: all. */
function neededBy(url: string) {
  const needed = roles.rolesOf.get(url);
  return !needed || needed.length === ROLES.length ? {} : { roles: needed };
}

/**
 * The service worker installs the app shell first and takes over at once, then stores the rest (web/sw.ts): a phone
 * that loses signal seconds after signing in can then still reload the app. The shell (`shell: true`) is the app page,
 * what it loads (the entry, the styles, the signed-in shell it preloads), the field screens, and every file without a
 * hash in its name (the web manifest), which the worker could not tell apart from an older copy later. The rest
 * follows smallest first, so the most screens are on the device soonest; a file only some roles need says which
 * (`roles`), and the worker stores the signed-in user's first and counts only those for "Ready offline".
 *
 * Within the shell the files without a hash go first: Workbox asks for them one after another, each past the browser's
 * cache (workbox issue 2528), so they wait out a round trip each; first, those trips overlap the hashed files, which
 * the worker fetches meanwhile a few at a time (web/sw.ts `fetchAhead`). Last, after the large ones, they were a second
 * of "Ready offline" on the bench's slow link.
 */
function shellFirst(entries: { url: string; size: number; revision: string | null }[]) {
  const page = readFileSync(resolve(OUT_DIR, 'index.html'), 'utf8');
  const loaded = new Set([...page.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]));
  const rank = (e: { url: string }) => (e.url === 'index.html' ? 0 : loaded.has(e.url) ? 1 : 2);
  const inShell = (e: { url: string; revision: string | null }) =>
    rank(e) < 2 || e.revision !== null || shell.files.has(e.url);
  const order = (e: { url: string; revision: string | null }) =>
    e.url === 'index.html' ? 0 : !inShell(e) ? 3 : e.revision !== null ? 1 : 2;
  const sorted = [...entries].sort((a, b) => order(a) - order(b) || rank(a) - rank(b) || a.size - b.size);
  return { manifest: sorted.map((e) => (inShell(e) ? { ...e, shell: true } : { ...e, ...neededBy(e.url) })) };
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
  resolve: {
    // Dexie's own ES module build: its package hands bundlers an ES wrapper around the UMD build, which the bundle then
    // runs as CommonJS; set up that way, Dexie took 80 ms of a throttled phone's start-up, against 10 (issue 32)
    alias: [{ find: /^dexie$/, replacement: resolve('node_modules/dexie/dist/dexie.mjs') }],
  },
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // modules of one group spread over several files run in their source order, not in the order the files load
        strictExecutionOrder: true,
        codeSplitting: {
          // zod (and the schema helpers built on it) in a chunk of its own, loaded with the first form or write: left
          // to itself, Rolldown puts it in the device database's chunk, which the first screen loads (bench:web). A
          // group takes in what its modules import, so the messages and the date rules that schema/common.ts imports go
          // first, or the zod chunk would take them along and every screen showing a message or a date would load zod.
          groups: [
            { name: 'messages', test: /[\\/]schema[\\/](messages|dates)\.ts$/, priority: 4 },
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]schema[\\/]common\.ts$/, priority: 3 },
            // one file for each part, and the rest of the app in a few larger ones, not a hundred small ones: on a weak
            // signal each request waits out its own round trip (bench:web's Ready offline)
            // what every page loads in one file; the entry module stays in the entry chunk, or it would take in another group
            { name: 'index', tags: ['$initial'], test: (id) => !ENTRY.test(id), priority: 3 },
            // the dashboard after the landing screens, whose modules it takes in otherwise (skill entry would then load
            // it), and before the field screens, so that staff's home does not wait for the field file
            ...(['both', 'login', 'shell', 'home', 'skill-entry', 'dashboard', 'field'] as const).map((part) => ({
              name: part,
              test: (id: string) => app.partOf(id) === part && !(LANDING.has(part) && NODE_MODULES.test(id)),
              priority: 2,
            })),
            // apart from the screens, which every role needs before it is ready offline
            { name: 'charts', test: CHART, priority: 2 },
            ...(['screens', 'desk'] as const).map((part) => ({
              name: part,
              test: (id: string) => app.partOf(id) === part && !NODE_MODULES.test(id),
              priority: 1,
              maxSize: 300_000,
            })),
          ],
        },
      },
    },
  },
  plugins: [
    app.plugin,
    shell.plugin,
    roles.plugin,
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './routes',
      generatedRouteTree: './routeTree.gen.ts',
    }),
    react(),
    preloadSignedInShell(),
    inlineStylesheet(),
    compileHints(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      injectManifest: {
        // no icons: the app opens and works with no signal without them, and a browser keeps its own copy of the icons
        // it puts on a home screen. Workbox fetched each past the cache, one after another: four round trips that held
        // the install on a weak signal (docs/PERFORMANCE.md, issue 32's fifth stop)
        globPatterns: ['**/*.{js,css,html,webmanifest}'],
        // the worker answers every page, the landing pages too, with index.html
        globIgnores: Object.values(LANDING_PAGES).map((page) => page.file),
        manifestTransforms: [shellFirst],
      },
      includeManifestIcons: false,
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
