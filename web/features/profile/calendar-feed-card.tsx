/**
 * Profile's calendar feed: a private address phone calendars subscribe to. The server shows an address once, at
 * creation; afterwards only whether one is live, so a new address (which ends the old one) is the way to see it again.
 */
import { useEffect, useState } from 'react';

import type { CalendarRoutes } from '#api/routes/calendar/index.ts';
import type { CalendarFeedStatus } from '#schema/calendar.ts';
import { answerOf } from '#web/lib/api.ts';
import { serverClient } from '#web/lib/server-reads.ts';
import { Card } from '#web/lib/ui/display.tsx';
import { buttonClass, inputClass } from '#web/lib/ui/styles.ts';

const feed = serverClient<CalendarRoutes>()['calendar-feed'];

export const CALENDAR_TEXT = {
  title: 'Calendar feed',
  intro: 'Subscribe from your phone or computer calendar to see your scheduled assessments and deadlines.',
  off: 'No calendar address is active.',
  create: 'Create calendar address',
  regenerate: 'New address',
  revoke: 'Turn off',
  copy: 'Copy',
  copied: 'Copied',
  once: 'Copy it now: it is shown only once. Anyone with this address can read these dates; make a new address if it leaks.',
  failed: 'Could not reach the server. Check your connection and try again.',
} as const;

const activeSince = (createdAt: string) =>
  `A calendar address is active since ${new Date(createdAt).toLocaleDateString()}.`;

export function CalendarFeedCard() {
  const [status, setStatus] = useState<CalendarFeedStatus | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [copied, setCopied] = useState(false);

  const run = async (call: () => Promise<void>) => {
    setFailed(false);
    try {
      await call();
    } catch {
      setFailed(true);
    }
  };
  useEffect(() => {
    feed
      .$get()
      .then((res) => answerOf<CalendarFeedStatus>(res))
      .then(setStatus, () => setFailed(true));
  }, []);

  const create = () =>
    run(async () => {
      const issued = await answerOf<{ url: string; createdAt: string }>(await feed.$post());
      setUrl(issued.url);
      setCopied(false);
      setStatus({ active: true, createdAt: issued.createdAt });
    });
  const revoke = () =>
    run(async () => {
      setStatus(await answerOf<CalendarFeedStatus>(await feed.$delete()));
      setUrl(null);
    });
  const copy = async () => {
    await navigator.clipboard.writeText(url ?? '');
    setCopied(true);
  };

  return (
    <Card className="mt-6 max-w-3xl">
      <h2 className="text-lg font-semibold text-slate-900">{CALENDAR_TEXT.title}</h2>
      <p className="mt-1 text-sm text-slate-700">{CALENDAR_TEXT.intro}</p>
      {url && (
        <div className="mt-3">
          <label className="sr-only" htmlFor="calendar-url">
            Calendar address
          </label>
          <div className="flex gap-2">
            <input id="calendar-url" readOnly value={url} className={inputClass} onFocus={(e) => e.target.select()} />
            <button type="button" className={buttonClass('secondary')} onClick={() => void copy()}>
              {copied ? CALENDAR_TEXT.copied : CALENDAR_TEXT.copy}
            </button>
          </div>
          <p className="mt-1 text-xs text-slate-600">{CALENDAR_TEXT.once}</p>
        </div>
      )}
      {status && !url && (
        <p className="mt-3 text-sm text-slate-800">
          {status.active && status.createdAt ? activeSince(status.createdAt) : CALENDAR_TEXT.off}
        </p>
      )}
      {failed && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {CALENDAR_TEXT.failed}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={buttonClass('primary')} onClick={() => void create()}>
          {status?.active ? CALENDAR_TEXT.regenerate : CALENDAR_TEXT.create}
        </button>
        {status?.active && (
          <button type="button" className={buttonClass('danger')} onClick={() => void revoke()}>
            {CALENDAR_TEXT.revoke}
          </button>
        )}
      </div>
    </Card>
  );
}
