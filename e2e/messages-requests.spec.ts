import { expect, type Page, test } from '@playwright/test';

import { SAVED_OFFLINE } from '../schema/messages.ts';
import { allChangesSent, apiAs, signIn, waitUntilReadyOffline } from './helpers.ts';

const unique = (what: string) => `${what} ${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const messageList = (page: Page) => page.getByRole('list', { name: 'Messages' });

test('a message composed offline is kept on the device and reaches the recipient after reconnecting', async ({
  page,
  context,
  request,
}) => {
  await signIn(page, 'student');
  await page.goto('/messages');
  await expect(page.getByRole('main').getByRole('heading', { name: /^Messages/ })).toBeVisible();
  await waitUntilReadyOffline(page);
  await expect(page.getByTestId('pending-count')).toHaveText('All changes saved');

  const subject = unique('Shift swap');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Compose' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compose New Message' });
  await dialog.getByLabel('Recipient').selectOption({ label: 'Irene Okafor (instructor)' });
  await dialog.getByLabel('Priority').selectOption('high');
  await dialog.getByLabel('Subject').fill(subject);
  await dialog.getByLabel('Message').fill('Could we swap Friday?\nThanks.');
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(dialog).toBeHidden();
  // nothing has left the device yet: the toast says so
  await expect(page.getByText(SAVED_OFFLINE)).toBeVisible();
  const card = messageList(page).getByRole('button', { name: new RegExp(subject) });
  await expect(card).toContainText('Pending sync');

  await context.setOffline(false);
  await allChangesSent(page);
  await expect(card).not.toContainText('Pending sync');

  const api = await apiAs(request, 'instructor');
  const inbox = (await (await api.get('/api/messages')).json()) as {
    subject: string;
    content: string;
    priority: string;
  }[];
  const received = inbox.filter((m) => m.subject === subject);
  expect(received).toHaveLength(1);
  expect(received[0]).toMatchObject({ content: 'Could we swap Friday?\nThanks.', priority: 'high' });
});

test('opening a received message marks it read; Reply to the sender prefills the compose dialog', async ({
  page,
  request,
}) => {
  const subject = unique('Airway lab moved');
  const api = await apiAs(request, 'instructor');
  const users = (await (await api.get('/api/users')).json()) as { id: string; email: string }[];
  const student = users.find((u) => u.email === 'student@demo.test')!;
  expect(
    (
      await api.post('/api/messages', {
        data: { recipientId: student.id, subject, content: 'Now in room 4.', category: 'academic' },
      })
    ).ok(),
  ).toBe(true);

  await signIn(page, 'student');
  await page.goto('/messages');
  const card = messageList(page).getByRole('button', { name: new RegExp(subject) });
  await expect(card).toContainText('New');
  await card.click();
  await expect(page.getByRole('heading', { name: subject })).toBeVisible();
  await expect(card).not.toContainText('New');

  const replyButton = page.getByRole('button', { name: /^Reply to / });
  const sender = (await replyButton.textContent())!.replace('Reply to ', '');
  await replyButton.click();
  const dialog = page.getByRole('dialog', { name: 'Compose New Message' });
  await expect(dialog.getByLabel('Subject')).toHaveValue(`Re: ${subject}`);
  await expect(dialog.getByLabel('Recipient').locator('option:checked')).toContainText(sender);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await expect
    .poll(
      async () => {
        const mine = (await (await (await apiAs(request, 'student')).get('/api/messages')).json()) as {
          subject: string;
          isRead: boolean;
        }[];
        return mine.find((m) => m.subject === subject)?.isRead;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
});

test('a join request filed by the student, approved by the clinical coordinator, puts the student in the program', async ({
  browser,
  request,
}) => {
  const programName = unique('E2E Join Program');
  const director = await apiAs(request, 'director');
  const created = await director.post('/api/programs', {
    data: { name: programName, type: 'ems', description: 'Join request test', duration: 4, requiredHours: 10 },
  });
  expect(created.ok()).toBe(true);

  const student = await browser.newPage();
  await signIn(student, 'student');
  await student.goto('/requests');
  await student.getByRole('button', { name: 'Request Enrollment' }).click();
  const dialog = student.getByRole('dialog', { name: 'Request Program Enrollment' });
  await dialog.getByLabel('Program').selectOption({ label: programName });
  await dialog.getByLabel('Justification').fill('I want the refresher hours this term.');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(student.getByText('Program join request submitted successfully')).toBeVisible();
  const mine = student.getByRole('region', { name: 'My Requests' });
  const filed = mine.getByRole('listitem').filter({ hasText: programName });
  await expect(filed).toContainText('Pending approval');
  await allChangesSent(student);

  const coordinator = await browser.newPage();
  await signIn(coordinator, 'clinical_coordinator');
  await coordinator.goto('/request-management');
  const row = coordinator.getByRole('row').filter({ hasText: programName });
  await row.getByRole('button', { name: 'Approve' }).click();
  const review = coordinator.getByRole('dialog', { name: 'Approve Request' });
  await review.getByLabel('Review Notes').fill('Welcome to the course');
  await review.getByRole('button', { name: 'Approve' }).click();
  await expect(coordinator.getByText('Program join request approved successfully')).toBeVisible();
  await expect(row).toContainText('Approved');

  await student.reload();
  await expect(filed).toContainText('Approved', { timeout: 20_000 });
  await expect(filed).toContainText('Welcome to the course');
  await expect(student.getByRole('region', { name: 'My Programs' })).toContainText(programName);
  await student.close();
  await coordinator.close();
});

test('choosing another role on the profile files a role-change request instead of changing the role', async ({
  page,
  request,
}) => {
  await signIn(page, 'student');
  await page.goto('/profile');
  await expect(page.getByLabel('First Name')).not.toHaveValue('');
  await page.getByRole('radio', { name: /^Instructor/ }).check();
  await expect(page.getByText(/You cannot change your own role/)).toBeVisible();
  const justification = unique('I completed the instructor course');
  await page.getByRole('combobox', { name: /^Program/ }).selectOption({ index: 1 });
  await page.getByLabel('Justification').fill(justification);
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText('Role change request submitted successfully')).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Student/ })).toBeChecked();
  // the server's view, polled: the indicator can still read 'All changes saved' for a moment before the queued change shows
  const api = await apiAs(request, 'student');
  const filed = async () =>
    (
      (await (await api.get('/api/requests/role-change')).json()) as {
        justification: string;
        requestedRole: string;
        currentRole: string;
        status: string;
      }[]
    ).filter((r) => r.justification === justification);
  await expect
    .poll(filed, { timeout: 20_000 })
    .toEqual([expect.objectContaining({ requestedRole: 'instructor', currentRole: 'student', status: 'pending' })]);
  const me = (await (await api.get('/api/auth/user')).json()) as { role: string };
  expect(me.role).toBe('student');
});

test('request management: a director can review, a student sees "Pending approval"', async ({ page, request }) => {
  const programName = unique('E2E Review Program');
  const director = await apiAs(request, 'director');
  const program = (await (
    await director.post('/api/programs', { data: { name: programName, type: 'fire', duration: 2, requiredHours: 8 } })
  ).json()) as { id: string };
  const student = await apiAs(request, 'student');
  const filed = await student.post('/api/requests/program-join', {
    data: { programId: program.id, justification: 'I would like to join the academy.' },
  });
  expect(filed.ok()).toBe(true);

  await signIn(page, 'director');
  await page.goto('/request-management');
  await expect(page.getByRole('main').getByRole('heading', { name: 'Request Management' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Program Join/ })).toBeVisible();
  const directorRow = page.getByRole('row').filter({ hasText: programName });
  await expect(directorRow).toContainText('Pending');
  await expect(directorRow.getByRole('button', { name: 'Approve' })).toBeVisible();
  await expect(directorRow.getByRole('button', { name: 'Deny' })).toBeVisible();
  await expect(directorRow.getByRole('button', { name: /Delete/ })).toBeVisible();

  await page.context().clearCookies();
  await signIn(page, 'student');
  await page.goto('/request-management');
  const studentRow = page.getByRole('row').filter({ hasText: programName });
  await expect(studentRow).toContainText('Pending approval');
  await expect(studentRow.getByRole('button')).toHaveCount(0);
});
