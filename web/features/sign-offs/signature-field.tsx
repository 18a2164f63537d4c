import { useEffect, useRef } from 'react';
import SignaturePad from 'signature_pad';

import type { SignOffArgs } from '#schema/sign-off-schema.ts';
import { buttonClass } from '#web/lib/ui/styles.ts';

type Signature = SignOffArgs['signature'];

const WIDTH = 320;
const HEIGHT = 140;

/** signature_pad's point groups as whole-pixel x, y pairs: what is stored and signed (timing and pressure left out). */
const strokesOf = (pad: SignaturePad) =>
  pad
    .toData()
    .map((group) => group.points.flatMap((p) => [Math.round(p.x), Math.round(p.y)]))
    .filter((stroke) => stroke.length >= 2);

/** A drawn signature (finger or mouse), reported as compact strokes after each one; Clear starts again. */
export function SignatureField({
  onChange,
  error,
  label = "Preceptor's signature",
}: {
  onChange: (signature: Signature | null) => void;
  error?: string;
  /** Whose signature it is (a task book's evaluator signs with it too). */
  label?: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);

  useEffect(() => {
    if (!canvas.current) return;
    const p = new SignaturePad(canvas.current, { penColor: '#0f172a' });
    const report = () =>
      onChange(p.isEmpty() ? null : { kind: 'drawn', width: WIDTH, height: HEIGHT, strokes: strokesOf(p) });
    p.addEventListener('endStroke', report);
    pad.current = p;
    return () => {
      p.removeEventListener('endStroke', report);
      p.off();
    };
  }, [onChange]);

  return (
    <div className="flex flex-col gap-1 text-sm font-medium text-slate-800">
      <span id="signature-label">{label}</span>
      <canvas
        ref={canvas}
        width={WIDTH}
        height={HEIGHT}
        role="img"
        aria-labelledby="signature-label"
        className="touch-none rounded-lg border border-slate-300 bg-white"
        style={{ width: WIDTH, height: HEIGHT, maxWidth: '100%' }}
      />
      <button
        type="button"
        className={buttonClass('secondary', 'self-start')}
        onClick={() => {
          pad.current?.clear();
          onChange(null);
        }}
      >
        Clear signature
      </button>
      {error && (
        <span role="alert" className="font-normal text-red-700">
          {error}
        </span>
      )}
    </div>
  );
}
