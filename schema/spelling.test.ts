import { describe, expect, it } from 'vitest';

import { clinicalSiteSchema } from './clinical-site.ts';
import { documentMetaSchema } from './document.ts';
import { instructorCreateSchema } from './instructor.ts';
import { MSG } from './messages.ts';
import { skillSchema } from './skill.ts';

const meta = (over: Record<string, unknown>) =>
  documentMetaSchema.safeParse({ name: 'Handbook', type: 'Policy', programType: 'ems', ...over });

describe('enumerations spelled as code or label', () => {
  it('a document type is taken as label or code in any case and kept as its label; anything else answers the spec message', () => {
    for (const [sent, kept] of [
      ['policy', 'Policy'],
      ['Policy', 'Policy'],
      ['POLICY', 'Policy'],
      ['training_material', 'Training Material'],
      ['Training Material', 'Training Material'],
      ['reference guide', 'Reference Guide'],
      [' Form ', 'Form'],
    ])
      expect(meta({ type: sent }), sent).toMatchObject({ success: true, data: { type: kept } });
    const bad = meta({ type: 'Memo', programType: 'Navy' });
    expect(bad.error!.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['type', MSG.documentTypeRequired],
      ['programType', MSG.programTypeRequired],
    ]);
    expect(meta({ type: 7 }).error!.issues[0].message).toBe(MSG.documentTypeRequired);
  });

  it("a document's program type is taken as code or label and kept as its code", () => {
    for (const [sent, kept] of [
      ['EMS', 'ems'],
      ['ems', 'ems'],
      ['Police', 'police'],
      ['General', 'general'],
    ]) {
      expect(meta({ programType: sent }), sent).toMatchObject({ success: true, data: { programType: kept } });
    }
  });

  it('skills, instructors and clinical sites take program types in either spelling too', () => {
    const skill = skillSchema.pick({ programType: true }).parse({ programType: 'Fire' });
    expect(skill.programType).toBe('fire');
    const instructor = instructorCreateSchema.shape.programTypes.parse(['EMS', 'police']);
    expect(instructor).toEqual(['ems', 'police']);
    expect(clinicalSiteSchema.shape.programTypes.parse(['Fire', 'ems'])).toEqual(['fire', 'ems']);
  });
});
