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
