/** Filing requests (mutations `file…Request`, sync/client/mutators.ts), with their toasts (spec section 8). */
import type { MutationArgs } from '#sync/client/mutators.ts';

import { useWriter } from '../write.ts';

/** Asks to join a program; true when queued. */
export function useFileProgramJoinRequest() {
  const { mutate } = useWriter();
  return (args: MutationArgs<'fileProgramJoinRequest'>) =>
    mutate('fileProgramJoinRequest', args, {
      success: 'Program join request submitted successfully',
      saved: 'Your program join request',
      failure: 'Failed to submit program join request',
    });
}

/** Asks for another role in a program (Requests and Profile screens); true when queued. */
export function useFileRoleChangeRequest() {
  const { mutate } = useWriter();
  return (args: MutationArgs<'fileRoleChangeRequest'>) =>
    mutate('fileRoleChangeRequest', args, {
      success: 'Role change request submitted successfully',
      saved: 'Your role change request',
      failure: 'Failed to submit role change request',
    });
}

/** Asks to become an EMS preceptor; true when queued. */
export function useFilePreceptorRequest() {
  const { mutate } = useWriter();
  return (args: MutationArgs<'filePreceptorRequest'>) =>
    mutate('filePreceptorRequest', args, {
      success: 'Preceptor request submitted successfully',
      saved: 'Your preceptor request',
      failure: 'Failed to submit preceptor request',
    });
}

/** Asks for clinical time at a site; true when queued. */
export function useFileClinicalTimeRequest() {
  const { mutate } = useWriter();
  return (args: MutationArgs<'fileClinicalTimeRequest'>) =>
    mutate('fileClinicalTimeRequest', args, {
      success: 'Clinical time request submitted successfully',
      saved: 'Your clinical time request',
      failure: 'Failed to submit clinical time request',
    });
}

/** Asks to precept at a clinical site; true when queued. */
export function useFileSitePreceptorRequest() {
  const { mutate } = useWriter();
  return (args: MutationArgs<'fileSitePreceptorRequest'>) =>
    mutate('fileSitePreceptorRequest', args, {
      success: 'Your preceptor request has been submitted for approval',
      saved: 'Your preceptor request',
      failure: 'Failed to submit preceptor request',
    });
}
