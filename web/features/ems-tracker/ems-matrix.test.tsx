// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { EMS_COMPETENCY_CATEGORIES } from '#schema/enums.ts';
import { logSkillLink } from '#web/lib/skill-entry-search.ts';
import { progressRow, skillRow } from '#web/lib/testing/test-rows.ts';

import { EmsMatrix } from './ems-matrix.tsx';
import type { MatrixProgress } from './matrix.ts';

afterEach(cleanup);

describe('EmsMatrix', () => {
  it('shows each domain with completed of total and each skill with its details', () => {
    const skills = [
      skillRow('a', {
        name: 'Insert OPA',
        description: 'Insert an oropharyngeal airway.',
        competencyDomain: 'Airway Management',
        smcMatrixNumber: 'T3-4',
        minimumAttempts: 2,
      }),
      skillRow('b', {
        name: 'Insert NPA',
        competencyDomain: 'Airway Management',
        clinicalHoursRequired: 0,
        fieldHoursRequired: 0,
      }),
      skillRow('c', {
        name: 'Vital signs',
        competencyDomain: 'Patient Assessment',
        clinicalHoursRequired: 4,
        fieldHoursRequired: 2,
      }),
    ];
    const progress = new Map<string, MatrixProgress>([
      ['a', progressRow('s', 'a', { status: 'completed', progressPercentage: 100, attempts: 3 })],
    ]);
    render(<EmsMatrix skills={skills} progressBySkill={progress} />);

    const airway = screen.getByRole('region', { name: 'Airway Management' });
    expect(airway).toHaveTextContent('1 of 2 completed · 50%');
    const opa = within(airway).getByText('Insert OPA').closest('li')!;
    expect(opa).toHaveTextContent('Insert an oropharyngeal airway.');
    expect(opa).toHaveTextContent('Completed');
    expect(opa).toHaveTextContent('SMC T3-4');
    expect(opa).toHaveTextContent('Min 2 attempts');
    expect(opa).toHaveTextContent('100%');
    expect(opa).toHaveTextContent('3 attempts');

    const npa = within(airway).getByText('Insert NPA').closest('li')!;
    expect(npa).toHaveTextContent('Not Started');
    expect(npa).toHaveTextContent('0 attempts');
    expect(npa).not.toHaveTextContent('hrs');
    expect(npa).not.toHaveTextContent('Min');

    const vitals = screen.getByText('Vital signs').closest('li')!;
    expect(vitals).toHaveTextContent('4 clinical hrs');
    expect(vitals).toHaveTextContent('2 field hrs');
  });

  it("shows the evidence against the program's minimum: successful of needed, by setting, and what does not count yet", () => {
    const skills = [skillRow('a', { name: 'Insert OPA', minimumAttempts: 2 }), skillRow('b', { name: 'Insert NPA' })];
    const bySetting = {
      lab: { attempts: 3, successful: 2 },
      simulation: { attempts: 0, successful: 0 },
      clinical: { attempts: 1, successful: 1 },
      field: { attempts: 0, successful: 0 },
    };
    const progress = new Map<string, MatrixProgress>([
      [
        'a',
        progressRow('s', 'a', {
          attempts: 4,
          successfulAttempts: 3,
          attemptsBySetting: bySetting,
          pendingAttempts: 2,
          observedAttempts: 1,
        }),
      ],
    ]);
    render(
      <EmsMatrix
        skills={skills}
        progressBySkill={progress}
        minimums={{ a: { total: 4, bySetting: { clinical: 2, field: 1 } } }}
      />,
    );
    const opa = screen.getByText('Insert OPA').closest('li')!;
    expect(opa).toHaveTextContent('3 of 4 successful');
    expect(opa).toHaveTextContent('Lab 2 · Clinical 1 of 2 · Field 0 of 1');
    expect(opa).toHaveTextContent('2 awaiting verification · 1 observed');
    // no program minimum: the catalogue's minimum attempts
    expect(screen.getByText('Insert NPA').closest('li')!).toHaveTextContent('0 of 1 successful');
  });

  it('shows the catalogue without statuses when no student is chosen', () => {
    render(<EmsMatrix skills={[skillRow('a', { name: 'Insert OPA' })]} progressBySkill={null} />);
    const card = screen.getByText('Insert OPA').closest('li')!;
    expect(card).not.toHaveTextContent('Not Started');
    expect(screen.getByRole('region', { name: 'Airway Management' })).toHaveTextContent('1 skill');
  });

  it('says so when nothing matches', () => {
    render(<EmsMatrix skills={[]} progressBySkill={new Map()} />);
    expect(screen.getByText('No competencies to show')).toBeInTheDocument();
  });

  it('renders a paramedic-sized matrix of 150 skills, one card each', () => {
    const skills = Array.from({ length: 150 }, (_, i) =>
      skillRow(`k${i}`, {
        name: `Skill ${i}`,
        competencyDomain: EMS_COMPETENCY_CATEGORIES[i % 8],
        smcMatrixNumber: `T${1 + (i % 3)}-${i}`,
      }),
    );
    const progress = new Map<string, MatrixProgress>(
      skills
        .filter((_, i) => i % 2 === 0)
        .map((s) => [s.id, progressRow('s', s.id, { status: 'completed', progressPercentage: 100 })]),
    );
    const { container } = render(<EmsMatrix skills={skills} progressBySkill={progress} />);
    expect(container.querySelectorAll('li')).toHaveLength(150);
    expect(container.querySelectorAll('section')).toHaveLength(8);
  });
});

describe('EmsMatrix links to logging', () => {
  const skills = [skillRow('a', { name: 'Insert OPA' }), skillRow('b', { name: 'Insert NPA' })];
  const renderRouted = (matrix: React.ReactNode) => {
    const root = createRootRoute({ component: () => matrix });
    render(<RouterProvider router={createRouter({ routeTree: root, history: createMemoryHistory() })} />);
  };

  it("links each skill to its one-tap Successful / Unsuccessful card, with the chosen student's record", async () => {
    renderRouted(<EmsMatrix skills={skills} progressBySkill={new Map()} logLink={(id) => logSkillLink(id, 's1')} />);
    expect(await screen.findByRole('link', { name: 'Log attempt: Insert OPA' })).toHaveAttribute(
      'href',
      '/ems/skill-entry?skill=a&student=s1',
    );
    expect(screen.getByRole('link', { name: 'Log attempt: Insert NPA' })).toHaveAttribute(
      'href',
      '/ems/skill-entry?skill=b&student=s1',
    );
  });

  it('offers no link to those who may not log, or with no student chosen', async () => {
    renderRouted(<EmsMatrix skills={skills} progressBySkill={null} />);
    expect(await screen.findByText('Insert OPA')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
