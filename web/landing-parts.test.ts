/** The staff's home loads no more of skill entry than the modules it runs itself (issue 32). */
import { describe, expect, it } from 'vitest';

import { landingPart } from './landing-parts.ts';

const reach = {
  shell: new Set(['shell.tsx', 'db.ts']),
  home: new Set(['home.tsx', 'both.ts']),
  skillEntry: new Set(['skill-entry.tsx', 'both.ts', 'figures.ts', 'tiles.tsx']),
  dashboard: new Set(['dashboard.tsx', 'figures.ts']),
};

describe('which landing file a module goes in', () => {
  it("puts what skill entry shares with the staff's dashboard in the shell, not in skill entry's file", () => {
    expect(landingPart('figures.ts', reach)).toBe('shell');
  });

  it('keeps what only one landing screen reaches in its own file, and what both reach in the shell', () => {
    expect(landingPart('tiles.tsx', reach)).toBe('skill-entry');
    expect(landingPart('home.tsx', reach)).toBe('home');
    expect(landingPart('both.ts', reach)).toBe('shell');
    expect(landingPart('db.ts', reach)).toBe('shell');
  });
});
