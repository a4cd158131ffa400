import { Select, Text, UnstyledButton } from '@mantine/core';
import {
  IconAdjustments,
  IconBroadcast,
  IconCalendarWeek,
  IconChevronRight,
} from '@tabler/icons-react';
import { Link, useNavigate } from '@/lib/router';
import {
  LIVE_HOME_HINT,
  LIVE_PATH,
  LIVE_TITLE,
  SCHEDULE_HOME_HINT,
  SCHEDULE_PATH,
  SCHEDULE_TITLE,
} from '@/features/backoffice/desks';
import type { CatalogueSpec } from '@/generated/CatalogueSpec';
import { useBreakpoint } from '@/lib/breakpoints';
import { BREAKPOINT_SM } from '@/lib/constants';
import { CatalogueFrame } from './CatalogueFrame';
import { CatalogueGate } from './CatalogueGate';
import { CAT_MESSAGES, collectionPath, SETTINGS_PATH } from './messages';
import { canEditSettings, groupCollections } from './spec-helpers';
import classes from './Catalogue.module.css';

/** /a1catalogo: what the caller may edit, grouped; a chooser on phones. */
export function CatalogueHomePage() {
  return (
    <CatalogueFrame isHome title={() => CAT_MESSAGES.title} description={CAT_MESSAGES.description}>
      <CatalogueGate>{(_userId, spec) => <Home spec={spec} />}</CatalogueGate>
    </CatalogueFrame>
  );
}

function Home({ spec }: { spec: CatalogueSpec }) {
  const phone = useBreakpoint().width < BREAKPOINT_SM;
  const navigate = useNavigate();
  const groups = groupCollections(spec);
  const settings = canEditSettings(spec);

  if (phone) {
    // One labelled chooser instead of a long page of cards; the groups stay as its headings.
    const data = groups.map(({ group, items }) => ({
      group,
      items: items.map((collection) => ({
        value: collectionPath(collection.key),
        label: collection.label,
      })),
    }));
    if (settings)
      data.push({
        group: CAT_MESSAGES.station,
        items: [
          { value: SETTINGS_PATH, label: CAT_MESSAGES.settings },
          { value: LIVE_PATH, label: LIVE_TITLE },
          { value: SCHEDULE_PATH, label: SCHEDULE_TITLE },
        ],
      });
    return (
      <Select
        label={CAT_MESSAGES.chooseCollection}
        placeholder={CAT_MESSAGES.choose}
        data={data}
        value={null}
        onChange={(path) => {
          if (path) navigate(path);
        }}
        size="md"
        data-testid="catalogue-chooser"
      />
    );
  }

  return (
    <div className={classes.home} data-testid="catalogue-home">
      {groups.map(({ group, items }, index) => (
        <section key={group} aria-labelledby={`group-${index}`} data-testid={`group-${group}`}>
          <Text component="h2" id={`group-${index}`} className={classes.groupTitle}>
            {group}
          </Text>
          <ul className={classes.tiles}>
            {items.map((collection) => (
              <li key={collection.key}>
                <UnstyledButton
                  component={Link}
                  to={collectionPath(collection.key)}
                  className={classes.tile}
                >
                  <span>{collection.label}</span>
                  <IconChevronRight size={18} aria-hidden />
                </UnstyledButton>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {settings && (
        <section aria-labelledby="group-settings" data-testid="group-settings">
          <Text component="h2" id="group-settings" className={classes.groupTitle}>
            {CAT_MESSAGES.station}
          </Text>
          <ul className={classes.tiles}>
            <li>
              <UnstyledButton component={Link} to={SETTINGS_PATH} className={classes.tile}>
                <IconAdjustments size={20} aria-hidden />
                <span className={classes.tileText}>
                  {CAT_MESSAGES.settings}
                  <Text span size="xs" c="dimmed" display="block">
                    {CAT_MESSAGES.settingsHint}
                  </Text>
                </span>
                <IconChevronRight size={18} aria-hidden />
              </UnstyledButton>
            </li>
            {/* The studio's live input is permission 7's too (its own page, /a1aovivo). */}
            <li>
              <UnstyledButton component={Link} to={LIVE_PATH} className={classes.tile}>
                <IconBroadcast size={20} aria-hidden />
                <span className={classes.tileText}>
                  {LIVE_TITLE}
                  <Text span size="xs" c="dimmed" display="block">
                    {LIVE_HOME_HINT}
                  </Text>
                </span>
                <IconChevronRight size={18} aria-hidden />
              </UnstyledButton>
            </li>
            {/* So are the programme grid and the autoDJ's playlists (/a1programacao). */}
            <li>
              <UnstyledButton component={Link} to={SCHEDULE_PATH} className={classes.tile}>
                <IconCalendarWeek size={20} aria-hidden />
                <span className={classes.tileText}>
                  {SCHEDULE_TITLE}
                  <Text span size="xs" c="dimmed" display="block">
                    {SCHEDULE_HOME_HINT}
                  </Text>
                </span>
                <IconChevronRight size={18} aria-hidden />
              </UnstyledButton>
            </li>
          </ul>
        </section>
      )}
    </div>
  );
}
