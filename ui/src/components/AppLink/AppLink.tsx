import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { Link } from '@/lib/router';
import { isExternalUrl, opensNewTab } from '@/lib/url';

export interface AppLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  /** An internal path (`/promocoes`) or an absolute URL (opens in a new tab). */
  to: string;
}

/**
 * One link component for internal routes and external URLs: internal paths use the router, external
 * ones open in a new tab with `rel="noopener noreferrer"`. Works as `component={AppLink}` in Mantine.
 */
export const AppLink = forwardRef<HTMLAnchorElement, AppLinkProps>(function AppLink(
  { to, children, ...rest },
  ref,
) {
  if (isExternalUrl(to)) {
    const newTab = opensNewTab(to);
    return (
      <a
        ref={ref}
        href={to}
        {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        {...rest}
      >
        {children}
      </a>
    );
  }
  return (
    <Link ref={ref} to={to} {...rest}>
      {children}
    </Link>
  );
});
