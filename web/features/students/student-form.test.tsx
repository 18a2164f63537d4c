// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { studentCreateSchema, studentUpdateSchema } from '#schema/student.ts';

import {
  EMPTY_STUDENT,
  studentAccounts,
  StudentForm,
  type StudentFormFields,
  studentResolver,
} from './student-form.tsx';

afterEach(cleanup);

const PROGRAMS = [
  { id: 'p-ems', name: 'Paramedic Program', type: 'ems' },
  { id: 'p-fire', name: 'Fire Academy', type: 'fire' },
];
const ACCOUNTS = studentAccounts([
  {
    id: 'u-zoe',
    firstName: 'Zoe',
    lastName: 'Adams',
    role: 'student',
    isActive: true,
    version: 1,
    email: 'zoe@example.test',
  },
  {
    id: 'u-ivy',
    firstName: 'Ivy',
    lastName: 'Ng',
    role: 'instructor',
    isActive: true,
    version: 1,
    email: 'ivy@example.test',
  },
  {
    id: 'u-maya',
    firstName: 'Maya',
    lastName: 'Chen',
    role: 'student',
    isActive: true,
    version: 1,
    email: 'maya@example.test',
  },
]);

function renderAdd(onSubmit = vi.fn(async (_values: unknown) => true)) {
  render(
    <StudentForm
      resolver={studentResolver(studentCreateSchema)}
      defaultValues={EMPTY_STUDENT}
      programs={PROGRAMS}
      accounts={ACCOUNTS}
      submitLabel="Add Student"
      onSubmit={onSubmit}
      onCancel={() => {}}
    />,
  );
  return onSubmit;
}

describe('the Add Student form', () => {
  it("shows the spec's message for every required field and a bad e-mail, and does not submit", async () => {
    const onSubmit = renderAdd();
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Add Student' }));
    for (const message of [
      'First name is required',
      'Last name is required',
      'Phone number is required',
      'Student ID is required',
      'Program is required',
      'Enrollment date is required',
      'Expected graduation date is required',
      'Valid email is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits a complete student with the optional fields left empty', async () => {
    const onSubmit = renderAdd();
    await userEvent.type(screen.getByLabelText('First Name'), 'Maya');
    await userEvent.type(screen.getByLabelText('Last Name'), 'Chen');
    await userEvent.type(screen.getByLabelText('Email'), 'Maya@Example.test');
    await userEvent.type(screen.getByLabelText('Phone'), '555-0110');
    await userEvent.type(screen.getByLabelText('Student ID'), 'STU-1');
    await userEvent.selectOptions(screen.getByLabelText('Program'), 'p-fire');
    await userEvent.type(screen.getByLabelText('Enrollment Date'), '2026-01-10');
    await userEvent.type(screen.getByLabelText('Expected Graduation'), '2026-12-10');
    await userEvent.click(screen.getByRole('button', { name: 'Add Student' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({
      firstName: 'Maya',
      email: 'maya@example.test',
      programId: 'p-fire',
      address: null,
      emergencyContact: null,
      isActive: true,
    });
  });

  it('links a record to the student account staff choose, none unless they choose one (never by the e-mail)', async () => {
    const onSubmit = renderAdd();
    const field = screen.getByLabelText('Student Account (optional)');
    // student accounts only, by name
    expect([...field.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'No account',
      'Maya Chen (maya@example.test)',
      'Zoe Adams (zoe@example.test)',
    ]);
    await userEvent.type(screen.getByLabelText('First Name'), 'Maya');
    await userEvent.type(screen.getByLabelText('Last Name'), 'Chen');
    await userEvent.type(screen.getByLabelText('Email'), 'maya@example.test');
    await userEvent.type(screen.getByLabelText('Phone'), '555-0110');
    await userEvent.type(screen.getByLabelText('Student ID'), 'STU-1');
    await userEvent.selectOptions(screen.getByLabelText('Program'), 'p-fire');
    await userEvent.type(screen.getByLabelText('Enrollment Date'), '2026-01-10');
    await userEvent.type(screen.getByLabelText('Expected Graduation'), '2026-12-10');
    await userEvent.click(screen.getByRole('button', { name: 'Add Student' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ email: 'maya@example.test', userId: null });
    await userEvent.selectOptions(field, 'u-maya');
    await userEvent.click(screen.getByRole('button', { name: 'Add Student' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1][0]).toMatchObject({ userId: 'u-maya' });
  });

  it('asks for the EMS certification level only for an EMS program', async () => {
    renderAdd();
    expect(screen.queryByLabelText('EMS Certification Level')).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Program'), 'p-ems');
    expect(screen.getByLabelText('EMS Certification Level')).toBeInTheDocument();
  });
});

describe('the Edit Student form', () => {
  const current: StudentFormFields = {
    ...EMPTY_STUDENT,
    firstName: 'Maya',
    lastName: 'Chen',
    email: 'maya@example.test',
    phone: '555',
    studentId: 'STU-1',
    programId: 'p-fire',
    enrollmentDate: '2026-01-10',
    expectedGraduation: '2026-12-10',
  };
  it('validates with the update schema: a cleared field gets its message', async () => {
    const onSubmit = vi.fn(async (_values: unknown) => true);
    render(
      <StudentForm
        resolver={studentResolver(studentUpdateSchema)}
        defaultValues={current}
        programs={PROGRAMS}
        accounts={ACCOUNTS}
        submitLabel="Save Changes"
        onSubmit={onSubmit}
        onCancel={() => {}}
      />,
    );
    await userEvent.clear(screen.getByLabelText('Phone'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Phone number is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
