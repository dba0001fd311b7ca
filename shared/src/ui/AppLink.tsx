import { Link } from '@negayno/shared/fluent';
import type { MouseEvent, ReactNode } from 'react';
import { navigate } from '@negayno/shared/lib';

/** True for clicks the browser should handle itself (new tab, new window, download). */
export function isModifiedClick(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

export interface AppLinkProps {
  href: string;
  children: ReactNode;
  className?: string;
  inline?: boolean;
  'data-testid'?: string;
}

/** A Fluent link that moves within the suite without a page load, from any remote or the host. */
export function AppLink({ href, ...rest }: AppLinkProps) {
  return (
    <Link
      {...rest}
      as="a"
      href={href}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        if (isModifiedClick(event)) return;
        event.preventDefault();
        navigate(href);
      }}
    />
  );
}
