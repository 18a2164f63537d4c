import { expect, test } from '@playwright/test';

import { SAVED_OFFLINE } from '../schema/messages.ts';
import { allChangesSent, signInAs, waitUntilReadyOffline } from './helpers.ts';
import { clientAs, logContact, newStudent, openFromMenu, unique } from './sign-off-fixtures.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('offline, a student removes a patient contact logged twice; the count drops at once and the server has it once back online', async ({
  page,
  context,
}) => {
  const director = await clientAs('director@demo.test');
  const student = await newStudent(director.api, unique('Twice'));
  await director.dispose();
  const mine = await clientAs(student.email);
  const kept = await logContact(mine.api, student.id);
  const twice = await logContact(mine.api, student.id);

  await signInAs(page, student.email);
  await waitUntilReadyOffline(page);
  await openFromMenu(page, 'EMS Training');
  const panel = page.locator('#patient-contacts');
  // a student's own contacts wait for verification (issue 25): they show apart, and count nowhere yet
  await expect(panel).toContainText('2 patient contacts awaiting verification');
  const contacts = panel.getByRole('group', { name: 'Patient contacts' });
  await expect(contacts.getByRole('listitem')).toHaveCount(2);

  await context.setOffline(true);
  await contacts
    .getByRole('button', { name: /^Remove patient contact/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Remove this patient contact?' });
  await expect(dialog).toContainText('will stop counting toward the minimums');
  await dialog.getByLabel(/^Reason/).fill('Logged twice');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(SAVED_OFFLINE).first()).toBeVisible();
  await expect(panel).toContainText('1 patient contact awaiting verification');
  await expect(contacts.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByTestId('pending-count')).toHaveText('1 pending');

  await context.setOffline(false);
  await allChangesSent(page);
  const left = (await (await mine.api.get(`/api/patient-contacts?studentId=${student.id}`)).json()) as { id: string }[];
  expect(left).toHaveLength(1);
  expect([kept.id, twice.id]).toContain(left[0].id);
  await mine.dispose();
});
