import { nextTask } from '../next-task.ts';

/**
 * Every text style (size, weight, family) the screens a user lands on draw: the landing and sign-in pages, a student's
 * home, a preceptor's skill entry and the staff's home, at a phone's width and a desk's. e2e/phone-first.spec.ts
 * checks that those screens draw no other.
 */
export const LANDING_TYPE_STYLES = [
  'text-xs',
  'text-xs font-medium',
  'text-xs font-semibold',
  'text-xs font-bold',
  'text-[13px]',
  'text-[13px] font-medium',
  'text-sm',
  'text-sm font-medium',
  'text-sm font-semibold',
  'text-base',
  'text-base font-medium',
  'text-base font-semibold',
  'text-base font-bold',
  'text-lg font-semibold',
  'text-xl',
  'text-xl font-bold',
  'text-2xl font-bold',
  'text-3xl font-bold',
  'text-4xl font-bold',
  'font-serif text-xs font-bold italic',
] as const;

/** Two look-ups a task: each stays well under the 50 ms a throttled phone counts as blocking. */
const PER_TASK = 2;

/**
 * Has the browser find the device's font for each landing text style, two at a time in tasks of their own, before the
 * first screen is drawn. A browser finds a font once per size and weight, the first time text needs it. On Linux and
 * ChromeOS each is a synchronous call to the browser process, and the first screen's layouts made them all in one
 * task: layouts of 40-70 ms at a phone's 4x CPU, a third of a first visit's blocking time (docs/PERFORMANCE.md,
 * issue 32). Where fonts are found in the page's own process (Android, iOS) this takes a millisecond or two.
 */
export async function warmFonts() {
  const box = document.createElement('div');
  box.setAttribute('aria-hidden', 'true');
  box.className = 'invisible fixed';
  document.body.append(box);
  for (let i = 0; i < LANDING_TYPE_STYLES.length; i += PER_TASK) {
    for (const style of LANDING_TYPE_STYLES.slice(i, i + PER_TASK)) {
      const sample = document.createElement('span');
      sample.className = style;
      sample.textContent = 'a';
      box.append(sample);
    }
    // laying the samples out is what asks for their fonts
    box.getBoundingClientRect();
    await nextTask();
  }
  box.remove();
}
