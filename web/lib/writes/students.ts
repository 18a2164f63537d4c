/** Writes of student records (mutations `createStudent`, `updateStudent`, `deleteStudent`), with their toasts. */
import type { MutationArgs } from '#sync/client/mutators.ts';

import { useWriter } from '../write.ts';

/** Adds a student; true when queued. */
export function useCreateStudent() {
  const { mutate } = useWriter();
  return (args: MutationArgs<'createStudent'>) =>
    mutate('createStudent', args, {
      success: 'Student added successfully',
      failure: 'Failed to add student',
      saved: `New student ${args.firstName} ${args.lastName}`,
    });
}

/** Saves the changed fields of a student; true when queued. */
export function useUpdateStudent() {
  const { mutate } = useWriter();
  return (args: MutationArgs<'updateStudent'>) =>
    mutate('updateStudent', args, {
      success: 'Student updated successfully',
      failure: 'Failed to update student',
      saved: "Changes to the student's record",
    });
}

/** Removes a student; true when queued. */
export function useDeleteStudent() {
  const { mutate } = useWriter();
  return (args: MutationArgs<'deleteStudent'>) =>
    mutate('deleteStudent', args, {
      success: 'Student has been removed successfully.',
      failure: 'Delete Failed',
      failureDescription: 'Failed to delete student. Please try again.',
      saved: 'Removal of the student',
    });
}
