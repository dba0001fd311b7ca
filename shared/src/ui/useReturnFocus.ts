import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Gives focus back to what opened a drawer or dialog once it closes (WCAG 2.4.3): the element that had
 * focus when `open` became true, if it is still on the page. Fluent restores focus only to its own
 * triggers, and a drawer that is unmounted (most are) or shown by a route leaves focus on <body>.
 *
 * Pass the drawer's surface as `surface`: focus is moved back only when it is on nothing or still inside
 * that closing surface, so a drawer that closes because another one opened does not pull focus out of it.
 */
export function useReturnFocus(open: boolean, surface?: RefObject<HTMLElement | null>): void {
  const opener = useRef<HTMLElement | null>(null);

  // A layout effect: it runs before Fluent's own effects move focus into the surface.
  useLayoutEffect(() => {
    if (!open) return;
    opener.current = focusedElement();
    const closing = surface?.current ?? null;
    return () => {
      const target = opener.current;
      opener.current = null;
      // After the unmount or the close has settled: React and Fluent may still move focus in this tick.
      setTimeout(() => {
        if (!target?.isConnected) return;
        const now = focusedElement();
        if (now === null || !now.isConnected || (closing?.contains(now) ?? false)) target.focus();
      }, 0);
    };
  }, [open, surface]);
}

/** The focused element, or null when focus is on nothing in particular (the body). */
function focusedElement(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}
