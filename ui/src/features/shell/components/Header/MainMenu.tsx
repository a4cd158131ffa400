import { NavLink as RouterNavLink } from '@/lib/router';
import { IconExternalLink } from '@tabler/icons-react';
import { startLiveRadio } from '@/features/player/player-runtime';
import { useStation } from '@/lib/station';
import { COMMERCIAL_FALLBACK, MAIN_MENU } from './menu';
import classes from './Header.module.css';

/** What the bar shows of the main menu: all but the drawer's extras. */
const BAR_MENU = MAIN_MENU.filter((item) => !item.drawerOnly);

/** The desktop main menu bar. */
export function MainMenu() {
  const { station } = useStation();
  const commercialUrl = station?.commercialUrl || COMMERCIAL_FALLBACK;
  const commercialExternal = /^https?:\/\//i.test(commercialUrl);

  return (
    <nav aria-label="Menu principal" className={classes.mainNav}>
      <ul className={classes.mainList}>
        {BAR_MENU.map(({ label, to, icon: Icon, highlight, startsLive }) => (
          <li key={label}>
            {to === null ? (
              commercialExternal ? (
                <a
                  href={commercialUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={classes.mainLink}
                >
                  <Icon size={18} aria-hidden />
                  <span>{label}</span>
                  <IconExternalLink size={14} aria-hidden className={classes.externalMark} />
                </a>
              ) : (
                <RouterNavLink to={commercialUrl} className={classes.mainLink}>
                  <Icon size={18} aria-hidden />
                  <span>{label}</span>
                </RouterNavLink>
              )
            ) : (
              <RouterNavLink
                to={to}
                end={to === '/'}
                className={classes.mainLink}
                data-highlight={highlight || undefined}
                onClick={startsLive ? startLiveRadio : undefined}
              >
                <Icon size={18} aria-hidden />
                <span>{label}</span>
              </RouterNavLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
