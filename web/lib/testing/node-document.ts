import { cleanup } from '@testing-library/react';
import { Window } from 'happy-dom';

/**
 * A document for the screen part, put up after the server part has run: in a happy-dom test environment the server's
 * Set-Cookie is dropped (a browser's Response hides it), so this file runs in node and adds the DOM afterwards,
 * keeping node's own globals (fetch, Response, timers).
 */
export function addDocument() {
  const win = new Window();
  const global = globalThis as Record<string, unknown>;
  const added = Object.getOwnPropertyNames(win).filter((k) => !(k in global));
  for (const k of added) global[k] = (win as unknown as Record<string, unknown>)[k];
  global.window = win;
  global.IS_REACT_ACT_ENVIRONMENT = true;
  return () => {
    cleanup();
    for (const k of [...added, 'window']) delete global[k];
    void win.happyDOM.close();
  };
}
