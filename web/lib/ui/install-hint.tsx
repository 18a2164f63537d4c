import { useInstallOffer } from '../install-prompt.ts';
import { buttonClass } from './styles.ts';

/** Shown only where the browser offers to install the app; "Not now" is remembered on the device. */
export function InstallHint() {
  const offer = useInstallOffer();
  if (!offer) return null;
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl border border-blue-200 bg-blue-50 p-4 text-sm text-blue-950">
      <p className="min-w-0 flex-1">
        Install Training Records on this device: it opens from your home screen and works with no signal.
      </p>
      <button type="button" className={buttonClass('primary')} onClick={() => void offer.install()}>
        Install
      </button>
      <button type="button" className={buttonClass('secondary')} onClick={offer.dismiss}>
        Not now
      </button>
    </div>
  );
}
