import { Link } from '@tanstack/react-router';

import { type BookFigures, bookStateLabel } from '#schema/fire-task-book.ts';
import { Badge, ProgressBar } from '#web/lib/ui/display.tsx';

const TONES = { not_started: 'slate', started: 'blue', verified: 'yellow', certified: 'green' } as const;

/** One candidate's task book in a line: JPRs signed of those required, its state, and a link to open it. */
export function BookLine({
  studentId,
  figures,
  showLink = true,
}: {
  studentId: string;
  figures: BookFigures;
  /** Off on the book's own page. */
  showLink?: boolean;
}) {
  const percent = figures.required ? Math.round((figures.signed / figures.required) * 100) : 0;
  return (
    <div className="flex flex-col gap-1 rounded-lg border border-slate-200 bg-white p-3">
      <p className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="font-medium text-slate-900">
          Task book: {figures.signed} / {figures.required} JPRs signed
        </span>
        <Badge tone={TONES[figures.state]}>{bookStateLabel(figures.state)}</Badge>
      </p>
      <ProgressBar percent={percent} tone={TONES[figures.state]} label="JPRs signed" />
      {showLink && (
        <Link
          to="/fire/task-book"
          search={{ student: studentId }}
          className="min-h-11 self-start py-2 text-sm font-semibold text-brand-700 underline"
        >
          Open task book
        </Link>
      )}
    </div>
  );
}
