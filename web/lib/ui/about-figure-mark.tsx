/**
 * The mark on the "About this figure" button (about-figure.tsx). Apart from the button's code, because it stands alone
 * in the button's place while that code loads (display.tsx).
 */
export function AboutMark() {
  return (
    <span
      aria-hidden
      className="flex size-5 items-center justify-center rounded-full border border-current font-serif text-xs font-bold italic"
    >
      i
    </span>
  );
}
