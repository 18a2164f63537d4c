/**
 * The Instructors page's "Total students" (students an instructor recorded progress or hours for) on a desk device,
 * which holds the per-skill records of the students it opened only: the same count as a device holding every record.
 */
import { render, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { asSystem } from '#api/seed/standards.ts';
import * as t from '#schema/tables.ts';
import { SyncValueProvider } from '#web/lib/sync.tsx';
import { type DeskDevice, deskWorld } from '#web/lib/testing/desk-devices.tsx';

import { InstructorsPage } from './instructors-page.tsx';

const signedIn = vi.hoisted(() => ({ role: 'director' }));
vi.mock('#web/lib/session.tsx', async (original) => ({
  ...(await original<typeof import('#web/lib/session.tsx')>()),
  useSession: () => ({
    status: 'signed-in',
    user: { id: 'u1', email: 'u@demo.test', firstName: 'Dana', lastName: 'Desk', role: signedIn.role },
    fromCache: false,
  }),
}));

let desk: ReturnType<typeof deskWorld>;
beforeEach(() => {
  desk = deskWorld();
});
afterEach(() => desk.dispose());

describe('the Instructors page on a desk device', () => {
  /** The "Total students" figure on the one instructor's card, once it shows a number. */
  const totalStudents = async () => {
    const label = await within(document.body).findByText('Total students', {}, { timeout: 5000 });
    await waitFor(() => expect(label.nextElementSibling?.textContent).toMatch(/^\d+$/), { timeout: 5000 });
    return label.nextElementSibling?.textContent;
  };

  it('a director who opened no one counts the students each instructor taught as a device holding every record', async () => {
    asSystem(desk.w.h.db, 'fixture', (ctx) =>
      ctx.insert(t.instructors, {
        id: desk.w.h.users.instructor.id,
        employeeId: 'E-1',
        title: 'Lead Instructor',
        department: 'EMS',
        hireDate: '2020-01-01',
      }),
    );
    const instructor = await desk.device('instructor');
    await desk.recordWork(instructor);
    const director = await desk.device('director');
    desk.showScreens();
    const page = (d: DeskDevice) =>
      render(
        <SyncValueProvider value={d}>
          <InstructorsPage addRequested={false} onAddHandled={() => undefined} />
        </SyncValueProvider>,
      );
    // an instructor's device holds every record of their program's students
    signedIn.role = 'instructor';
    const everyRecord = page(instructor);
    const expected = await totalStudents();
    everyRecord.unmount();
    signedIn.role = 'director';
    page(director);
    expect(await totalStudents()).toBe(expected);
    expect(expected).toBe(String(desk.w.students.length));
  });

  it("asks the server for its counts on a desk device only: a student's page sends no read the server refuses", async () => {
    const asked = async (role: 'director' | 'student') => {
      const device = await desk.device(role);
      const paths: string[] = [];
      const deviceFetch = globalThis.fetch;
      vi.stubGlobal('fetch', (path: string, init: RequestInit) => {
        paths.push(path);
        return deviceFetch(path, init);
      });
      signedIn.role = role;
      const page = render(
        <SyncValueProvider value={device}>
          <InstructorsPage addRequested={false} onAddHandled={() => undefined} />
        </SyncValueProvider>,
      );
      return { paths, page };
    };
    desk.showScreens();
    // the director's page asks, which is how long a page takes to ask
    const director = await asked('director');
    await waitFor(() => expect(director.paths).toContain('/api/instructors'), { timeout: 5000 });
    director.page.unmount();
    const student = await asked('student');
    await within(document.body).findByRole('heading', { name: 'Instructor Management' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(student.paths).not.toContain('/api/instructors');
  });
});
