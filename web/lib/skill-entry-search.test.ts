import { describe, expect, it } from 'vitest';

import { logSkillLink, parseEntrySearch } from './skill-entry-search.ts';

describe('skill entry search params', () => {
  it('keeps a known tab and a search text', () => {
    expect(parseEntrySearch({ tab: 'scheduled', q: 'airway' })).toEqual({ tab: 'scheduled', q: 'airway' });
  });
  it('drops unknown tabs and empty or non-text values', () => {
    expect(parseEntrySearch({ tab: 'settings', q: '' })).toEqual({});
    expect(parseEntrySearch({ tab: 3, q: 7 })).toEqual({});
  });
  it('keeps the skill and student a link chose, and drops empty ones', () => {
    expect(parseEntrySearch({ skill: 'opa', student: 's1' })).toEqual({ skill: 'opa', student: 's1' });
    expect(parseEntrySearch({ skill: '', student: 4 })).toEqual({});
  });
  it("links a skill (and a staff member's student) to the tracker's first tab", () => {
    expect(logSkillLink('opa', 's1')).toEqual({ to: '/ems/skill-entry', search: { skill: 'opa', student: 's1' } });
    expect(logSkillLink('opa')).toEqual({ to: '/ems/skill-entry', search: { skill: 'opa' } });
    expect(parseEntrySearch(logSkillLink('opa', 's1').search).tab).toBeUndefined();
  });
});
