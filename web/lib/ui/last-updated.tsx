import { formatDayTime } from '../format.ts';

/** Marks figures shown from the device's copy because the network call failed. */
export function LastUpdated({ at }: { at: string }) {
  return (
    <p className="self-start rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
      Last updated {formatDayTime(at)}
    </p>
  );
}
