// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, format } from 'date-fns';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { MSG } from '#schema/messages.ts';

import { PreceptorRequestDialog } from './preceptor-request-dialog.tsx';

afterEach(cleanup);

const sites = [
  { id: 'site-a', name: 'St. Mary Regional' },
  { id: 'site-b', name: 'Metro EMS Station 4' },
];
const students = [
  { id: 'stu-1', firstName: 'Ana', lastName: 'Zed', studentId: 'S-001' },
  { id: 'stu-2', firstName: 'Ben', lastName: 'Young', studentId: 'S-002' },
];
const day = (offset: number) => format(addDays(new Date(), offset), 'yyyy-MM-dd');

function renderDialog(props: Partial<Parameters<typeof PreceptorRequestDialog>[0]> = {}) {
  const onSubmit = vi.fn(() => Promise.resolve(true));
  const onClose = vi.fn();
  render(
    <>
      <Toaster />
      <PreceptorRequestDialog
        sites={sites}
        siteId="site-b"
        students={students}
        onSubmit={onSubmit}
        onClose={onClose}
        {...props}
      />
    </>,
  );
  return { onSubmit, onClose, user: userEvent.setup() };
}

const dateInput = () => screen.getByLabelText('Preferred date');
function addDate(value: string) {
  fireEvent.change(dateInput(), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Add Date' }));
}
const listedDates = () => within(screen.getByRole('list', { name: 'Requested dates' })).getAllByRole('listitem');

describe('Request Preceptor dialog', () => {
  it("preselects the card's site and offers no date before today", () => {
    renderDialog();
    expect(screen.getByLabelText('Clinical Site')).toHaveValue('site-b');
    expect(dateInput()).toHaveAttribute('min', day(0));
  });

  it('with no dates, says a date is required and asks for a preferred date', async () => {
    const { user, onSubmit } = renderDialog();
    await user.selectOptions(screen.getByLabelText('Student'), 'stu-1');
    await user.type(screen.getByLabelText('Justification'), 'Need more supervised IV starts this month');
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText(MSG.oneDateRequired)).toBeInTheDocument();
    expect(await screen.findByText(MSG.addOneDate)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('does not add the same date twice, nor a past one', () => {
    renderDialog();
    addDate(day(3));
    addDate(day(1));
    addDate(day(3));
    expect(listedDates()).toHaveLength(2);
    expect(screen.getByText('That date is already in the list')).toBeInTheDocument();
    addDate(day(-1));
    expect(listedDates()).toHaveLength(2);
    expect(screen.getByText(MSG.dateNotPast)).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: /^Remove / })[0]);
    expect(listedDates()).toHaveLength(1);
  });

  it('asks for a justification of at least 10 characters', async () => {
    const { user, onSubmit } = renderDialog();
    await user.selectOptions(screen.getByLabelText('Student'), 'stu-1');
    addDate(day(2));
    await user.type(screen.getByLabelText('Justification'), 'Too short');
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText(MSG.detailedJustification)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('files a complete request for the chosen student and closes', async () => {
    const { user, onSubmit, onClose } = renderDialog();
    await user.selectOptions(screen.getByLabelText('Student'), 'stu-2');
    addDate(day(5));
    addDate(day(2));
    await user.click(screen.getByLabelText('IV Therapy'));
    await user.type(screen.getByLabelText('Justification'), 'Need more supervised IV starts this month');
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        clinicalSiteId: 'site-b',
        studentId: 'stu-2',
        requestedDates: [day(2), day(5)],
        skillsToFocus: ['IV Therapy'],
        justification: 'Need more supervised IV starts this month',
      }),
    );
  });

  it('a student files for their own record, with no student picker', async () => {
    const { user, onSubmit } = renderDialog({ students: undefined, ownStudent: students[0] });
    expect(screen.queryByLabelText('Student')).not.toBeInTheDocument();
    expect(screen.getByText('Ana Zed')).toBeInTheDocument();
    addDate(day(1));
    await user.type(screen.getByLabelText('Justification'), 'I need more airway practice before my exam');
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ studentId: 'stu-1', requestedDates: [day(1)] })),
    );
  });

  it('a student without a linked record is told so and cannot submit', () => {
    renderDialog({ students: undefined, ownStudent: null });
    expect(screen.getByText(/No student record is linked to your account/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit Request' })).toBeDisabled();
  });
});
