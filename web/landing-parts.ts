/**
 * Which landing file a module of the signed-in screens goes in (vite.config.ts, appParts): what the shell reaches, and
 * what home and skill entry both reach, in `shell`; what only one of them reaches, in its own file, so that one does not
 * load the other. What skill entry shares with the staff's dashboard (which the home route loads for staff) goes in
 * `shell` too: in skill entry's file, it made the staff's home load all of skill entry (26 KB gzipped) to run a
 * few lines of it.
 */
export type LandingPart = 'shell' | 'home' | 'skill-entry';

/** The modules each root reaches by static imports. */
export interface LandingReach {
  shell: ReadonlySet<string>;
  home: ReadonlySet<string>;
  skillEntry: ReadonlySet<string>;
  dashboard: ReadonlySet<string>;
}

export function landingPart(id: string, { shell, home, skillEntry, dashboard }: LandingReach): LandingPart {
  if (shell.has(id) || (skillEntry.has(id) && (home.has(id) || dashboard.has(id)))) return 'shell';
  return home.has(id) ? 'home' : 'skill-entry';
}
