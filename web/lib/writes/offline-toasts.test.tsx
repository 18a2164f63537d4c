// @vitest-environment happy-dom
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { SAVED_OFFLINE } from '#schema/messages.ts';
import { TrainingDb } from '#sync/client/db.ts';
import { SyncEngine } from '#sync/client/engine.ts';

import { SyncValueProvider } from '../sync.tsx';
import { toast } from '../ui/toasts.tsx';
import { useChangeMessageFlag, useSendMessage } from './messages.ts';
import { useLogHours, useRemoveRecord } from './records.ts';
import {
  useFileClinicalTimeRequest,
  useFilePreceptorRequest,
  useFileProgramJoinRequest,
  useFileRoleChangeRequest,
  useFileSitePreceptorRequest,
} from './requests.ts';
import { useEditAssessment, useLogAttempt, useVoidAttempt } from './skill-attempts.ts';
import { useCreateStudent, useDeleteStudent, useUpdateStudent } from './students.ts';

vi.mock('../ui/toasts.tsx', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

let db: TrainingDb;
let engine: SyncEngine;
let wrapper: ({ children }: { children: ReactNode }) => ReactNode;

beforeEach(async () => {
  db = new TrainingDb(`offline-toasts-${crypto.randomUUID()}`);
  // no signal: every change stays queued on the device
  engine = new SyncEngine({
    db,
    userId: 'me',
    autoRetry: false,
    fetch: () => Promise.reject(new TypeError('offline')),
  });
  wrapper = ({ children }) => <SyncValueProvider value={{ db, engine }}>{children}</SyncValueProvider>;
  await db.domain('skillAttempts').put({ id: 'a1', studentId: 's1', skillId: 'k1', outcome: 'successful' });
  await db.domain('messages').put({ id: 'm1', senderId: 'x', recipientId: 'me', subject: 'Airway lab' });
});
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  vi.clearAllMocks();
  await engine.sync();
  await db.delete();
});

const online = (value: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(value);
const studentId = crypto.randomUUID();
const programId = crypto.randomUUID();
const siteId = crypto.randomUUID();
const justification = 'Covering the spring cohort';

/** Each queued write of web/lib/writes, run once: what it says online, and what it names as saved offline. */
const WRITES: { name: string; run: () => Promise<unknown>; online: string; saved: string }[] = [
  {
    name: 'a one-tap attempt',
    run: () =>
      renderHook(() => useLogAttempt(), { wrapper }).result.current(
        {
          studentId,
          skillId: 'k1',
          attemptedAt: '2026-11-21T10:00:00.000Z',
          setting: 'clinical',
          outcome: 'successful',
        },
        'Insert OPA · Maya Chen',
      ),
    online: 'Successful attempt logged',
    saved: 'Successful attempt: Insert OPA · Maya Chen · Clinical',
  },
  {
    name: 'a void',
    run: () => renderHook(() => useVoidAttempt(), { wrapper }).result.current('a1', 'Wrong student'),
    online: 'Attempt voided',
    saved: 'Void of the attempt (Wrong student)',
  },
  {
    name: 'an assessment edit',
    run: () =>
      renderHook(() => useEditAssessment(), { wrapper }).result.current({
        studentId,
        skillId: 'k1',
        changes: { statusOverride: 'completed', notes: 'Ready' },
      }),
    online: 'Success',
    saved: 'Skill progress: Status, Notes',
  },
  {
    name: 'hours',
    run: () =>
      renderHook(() => useLogHours(), { wrapper }).result.current({
        studentId,
        date: '2026-11-21',
        hoursCompleted: 4,
        hourType: 'clinical',
        startTime: '',
        endTime: '',
        clinicalSiteId: null,
        unit: '',
        preceptorName: '',
        notes: '',
      }),
    online: 'Hours logged',
    saved: '4 clinical hours on Nov 21, 2026',
  },
  {
    name: 'removing a patient contact',
    run: () =>
      renderHook(() => useRemoveRecord(), { wrapper }).result.current(
        { kind: 'contact', id: crypto.randomUUID(), attemptIds: ['a1'] },
        'of Nov 21',
        'Entered twice',
      ),
    online: 'Patient contact removed',
    saved: 'Removal of the patient contact of Nov 21 (Entered twice)',
  },
  {
    name: 'a new student',
    run: () =>
      renderHook(() => useCreateStudent(), { wrapper }).result.current({
        firstName: 'Ana',
        lastName: 'Lopez',
        email: 'ana@example.edu',
        phone: '555-0100',
        studentId: 'S-100',
        programId,
        enrollmentDate: '2026-01-10',
        expectedGraduation: '2026-12-15',
      }),
    online: 'Student added successfully',
    saved: 'New student Ana Lopez',
  },
  {
    name: 'a student update',
    run: () =>
      renderHook(() => useUpdateStudent(), { wrapper }).result.current({
        id: studentId,
        changes: { phone: '555-0101' },
      }),
    online: 'Student updated successfully',
    saved: "Changes to the student's record",
  },
  {
    name: 'a student removal',
    run: () => renderHook(() => useDeleteStudent(), { wrapper }).result.current({ id: studentId }),
    online: 'Student has been removed successfully.',
    saved: 'Removal of the student',
  },
  {
    name: 'a message',
    run: () =>
      renderHook(() => useSendMessage(), { wrapper }).result.current({
        recipientId: crypto.randomUUID(),
        subject: 'Shift swap',
        content: 'Could we swap Friday?',
      }),
    online: 'Message Sent',
    saved: 'Your message “Shift swap”',
  },
  {
    name: 'a star',
    run: () => renderHook(() => useChangeMessageFlag(), { wrapper }).result.current('m1', 'star'),
    online: 'Message starred',
    saved: 'Message starred',
  },
  {
    name: 'a program join request',
    run: () => renderHook(() => useFileProgramJoinRequest(), { wrapper }).result.current({ programId, justification }),
    online: 'Program join request submitted successfully',
    saved: 'Your program join request',
  },
  {
    name: 'a role change request',
    run: () => renderHook(() => useFileRoleChangeRequest(), { wrapper }).result.current({ programId, justification }),
    online: 'Role change request submitted successfully',
    saved: 'Your role change request',
  },
  {
    name: 'a preceptor request',
    run: () =>
      renderHook(() => useFilePreceptorRequest(), { wrapper }).result.current({
        studentId,
        clinicalSiteId: siteId,
        requestedDates: 'Fridays in December',
        justification,
      }),
    online: 'Preceptor request submitted successfully',
    saved: 'Your preceptor request',
  },
  {
    name: 'a clinical time request',
    run: () =>
      renderHook(() => useFileClinicalTimeRequest(), { wrapper }).result.current({
        clinicalSiteId: siteId,
        startAt: '2026-12-01T08:00:00.000Z',
        endAt: '2026-12-01T16:00:00.000Z',
        requestedHours: 8,
      }),
    online: 'Clinical time request submitted successfully',
    saved: 'Your clinical time request',
  },
  {
    name: "a site's preceptor request",
    run: () =>
      renderHook(() => useFileSitePreceptorRequest(), { wrapper }).result.current({
        clinicalSiteId: siteId,
        studentId,
        requestedDates: ['2026-12-01'],
        justification,
      }),
    online: 'Your preceptor request has been submitted for approval',
    saved: 'Your preceptor request',
  },
];

const lastToast = () => vi.mocked(toast.success).mock.lastCall!;

describe('the toast of a write queued on this device', () => {
  it.each(WRITES)('offline, $name says it is saved on this phone and names it, never as sent', async (write) => {
    online(false);
    await write.run();
    const [title, options] = lastToast();
    expect(title).toBe(SAVED_OFFLINE);
    const [saved, tail] = String(options?.description).split('. ');
    expect(saved).toBe(write.saved);
    expect(saved).not.toMatch(/successfully|\blogged\b|\bsent\b|submitted/i);
    expect(tail).toBe('The header shows when it has been sent.');
    expect(vi.mocked(toast.error)).not.toHaveBeenCalled();
  });

  it.each(WRITES)('online, $name says what was done', async (write) => {
    online(true);
    await write.run();
    expect(lastToast()[0]).toBe(write.online);
  });
});
