import { useEffect, useState } from 'react';

/** Whether the viewport is narrower than a breakpoint, following resizes. */
export function useNarrowerThan(breakpoint: number): boolean {
  const query = `(max-width: ${breakpoint - 1}px)`;
  const [matches, setMatches] = useState(() => typeof matchMedia === 'function' && matchMedia(query).matches);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const list = matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}
