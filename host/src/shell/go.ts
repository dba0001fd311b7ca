import type { MouseEvent } from 'react';
import { navigate } from '@negayno/shared/lib';

/** A link's click handler that navigates inside the single-spa page instead of loading it again. */
export function go(url: string) {
  return (event: MouseEvent) => {
    event.preventDefault();
    navigate(url);
  };
}
