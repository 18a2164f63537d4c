// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ROLES } from '#schema/enums.ts';

import { InstructorCard } from './instructor-card.tsx';
import { EMPTY_INSTRUCTOR, InstructorForm } from './instructor-form.tsx';
import { instructorPermissions, type InstructorView } from './instructor-view.ts';

afterEach(cleanup);

function renderForm(onSubmit = vi.fn(async (_values: unknown) => undefined as Record<string, string> | undefined)) {
  render(
    <InstructorForm
      defaultValues={EMPTY_INSTRUCTOR}
      submitLabel="Add Instructor"
      canManage
      onSubmit={onSubmit}
      onCancel={() => {}}
    />,
  );
  return onSubmit;
}

async function fillRequired() {
  await userEvent.type(screen.getByLabelText('First Name'), 'Irene');
  await userEvent.type(screen.getByLabelText('Last Name'), 'Okafor');
  await userEvent.type(screen.getByLabelText('Email'), 'irene@example.test');
  await userEvent.type(screen.getByLabelText('Phone'), '555-0100');
  await userEvent.type(screen.getByLabelText('Employee ID'), 'E-1');
  await userEvent.type(screen.getByLabelText('Job Title'), 'Lead Instructor');
  await userEvent.selectOptions(screen.getByLabelText('Department'), 'Fire Science');
  await userEvent.type(screen.getByLabelText('Hire Date'), '2020-02-01');
}

describe('the Add Instructor form', () => {
  it("shows the spec's messages for the job title and the program types", async () => {
    const onSubmit = renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Add Instructor' }));
    expect(await screen.findByText('Job title is required')).toBeInTheDocument();
    expect(screen.getByText('At least one program type is required')).toBeInTheDocument();
    expect(screen.getByText('Employee ID is required')).toBeInTheDocument();
    expect(screen.getByText('Department is required')).toBeInTheDocument();
    expect(screen.getByText('Valid email is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits program types and certifications picked for them; new instructors are active, not preceptors', async () => {
    const onSubmit = renderForm();
    await fillRequired();
    expect(screen.queryByLabelText('Hazmat Operations')).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Fire'));
    await userEvent.click(screen.getByLabelText('Hazmat Operations'));
    await userEvent.type(screen.getByLabelText('Specialties (optional)'), 'Vehicle rescue{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Add Instructor' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({
      programTypes: ['fire'],
      certifications: ['Hazmat Operations'],
      specialties: ['Vehicle rescue'],
      department: 'Fire Science',
      isActive: true,
      isPreceptor: false,
    });
  });

  it("shows the server's field errors under the fields", async () => {
    renderForm(vi.fn(async (_values: unknown) => ({ email: 'An account with this email already exists' })));
    await fillRequired();
    await userEvent.click(screen.getByLabelText('EMS'));
    await userEvent.click(screen.getByRole('button', { name: 'Add Instructor' }));
    expect(await screen.findByText('An account with this email already exists')).toBeInTheDocument();
    // the message is part of the field's label, under its name
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('the instructor card', () => {
  const irene: InstructorView = {
    id: 'irene',
    firstName: 'Irene',
    lastName: 'Okafor',
    role: 'instructor',
    email: 'irene@demo.test',
    phone: '555',
    employeeId: 'E-1001',
    title: 'Lead Paramedic Instructor',
    department: 'Emergency Medical Services',
    programTypes: ['ems'],
    certifications: ['Paramedic', 'ACLS', 'BLS', 'PALS', 'PHTLS'],
    specialties: [],
    experience: null,
    education: null,
    hireDate: '2019-08-15',
    isActive: true,
    isPreceptor: true,
    notes: null,
    programs: [],
    studentsSupervised: 7,
    totalStudents: 4,
    averageRating: null,
  };
  const renderAs = (role: (typeof ROLES)[number], instructor = irene) => {
    const allowed = instructorPermissions(role, 'someone-else', instructor);
    render(
      <InstructorCard
        instructor={instructor}
        actions={{ onEdit: allowed.canEdit ? () => {} : undefined, onDelete: allowed.canDelete ? () => {} : undefined }}
      />,
    );
  };

  it.each(ROLES.map((r) => [r, ['administration', 'director', 'instructor'].includes(r)] as const))(
    'for %s the delete button is shown: %s',
    (role, shown) => {
      renderAs(role);
      expect(screen.queryByRole('button', { name: 'Delete Irene Okafor' }) !== null).toBe(shown);
    },
  );

  it("shows the first 3 certifications, '+N more', the preceptor badge and 'No ratings yet' without a rating", () => {
    renderAs('director');
    for (const c of ['Paramedic', 'ACLS', 'BLS']) expect(screen.getByText(c)).toBeInTheDocument();
    expect(screen.queryByText('PALS')).not.toBeInTheDocument();
    expect(screen.getByText('+2 more')).toBeInTheDocument();
    expect(screen.getByText('Preceptor')).toBeInTheDocument();
    expect(screen.getByText('No ratings yet')).toBeInTheDocument();
  });

  it('shows an average rating with one decimal when there is one', () => {
    renderAs('director', { ...irene, averageRating: 4.25 });
    expect(screen.getByText('4.3')).toBeInTheDocument();
    expect(screen.queryByText('No ratings yet')).not.toBeInTheDocument();
  });
});
