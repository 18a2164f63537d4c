/**
 * Per-user limits on writes that land in other people's lists: messages in a recipient's inbox, requests in the
 * reviewers' queues. Each kind has sliding windows; a write over any of them is refused for now (429 with
 * Retry-After), never for good. The figures leave room for a busy training day (a student writing to every instructor
 * of a cohort, a coordinator answering a morning's messages) and stop a script at 30 messages a minute and 300 an
 * hour (a student's 10,000 messages in seconds would take 33 hours).
 */
export interface QuotaWindow {
  max: number;
  seconds: number;
}

export const WRITE_QUOTAS = {
  messages: {
    commands: ['sendMessage'],
    windows: [
      { max: 30, seconds: 60 },
      { max: 300, seconds: 3600 },
    ],
  },
  requests: {
    commands: [
      'fileProgramJoinRequest',
      'fileRoleChangeRequest',
      'filePreceptorRequest',
      'fileClinicalTimeRequest',
      'fileSitePreceptorRequest',
    ],
    windows: [
      { max: 10, seconds: 60 },
      { max: 60, seconds: 3600 },
    ],
  },
  /**
   * Sign-offs, each of which mails a link to the address the student typed: a student signs a few shifts a day (a
   * week's backlog after a week offline syncs over a few hours), a script mailing strangers stops at 10 an hour.
   */
  signOffs: {
    commands: ['signOff'],
    windows: [
      { max: 10, seconds: 3600 },
      { max: 30, seconds: 86_400 },
    ],
  },
} as const satisfies Record<string, { commands: readonly string[]; windows: readonly QuotaWindow[] }>;
