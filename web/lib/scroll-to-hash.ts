import { useEffect } from 'react';

/**
 * Scrolls to the section a link's #hash names once it is drawn: the student's home links its figures to sections
 * further down a screen (#patient-contacts, #my-requests), which the browser cannot find before the rows load.
 */
export function useScrollToHash(id: string, drawn = true) {
  useEffect(() => {
    if (drawn && location.hash === `#${id}`) document.getElementById(id)?.scrollIntoView();
  }, [id, drawn]);
}
