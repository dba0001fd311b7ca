/**
 * Navigation across single-spa applications. single-spa patches pushState/replaceState and fires
 * popstate, so every remote's router hears a change made by any other.
 */
import { navigateToUrl } from 'single-spa';

export function navigate(url: string, options: { replace?: boolean } = {}): void {
  if (options.replace) {
    window.history.replaceState(window.history.state, '', url);
    return;
  }
  navigateToUrl(url);
}

/**
 * Calls `listener` after every navigation of any app: single-spa fires popstate for every pushState and
 * replaceState, then its own routing event. Answers the unsubscribe.
 */
export function onNavigation(listener: () => void): () => void {
  window.addEventListener('popstate', listener);
  window.addEventListener('single-spa:routing-event', listener);
  return () => {
    window.removeEventListener('popstate', listener);
    window.removeEventListener('single-spa:routing-event', listener);
  };
}
