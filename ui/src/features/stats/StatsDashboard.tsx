import { Button } from '@mantine/core';
import { STATS_PERMISSION_AFFILIATES, STATS_PERMISSION_CACHE } from '@/lib/constants';
import { AffiliatesSection } from './AffiliatesSection';
import { ControlsSection } from './ControlsSection';
import { HistorySection } from './HistorySection';
import { ImpactReport } from './ImpactReport';
import { LiveCounters } from './LiveCounters';
import { STATS_MESSAGES } from './messages';
import { useLiveListeners } from './api/stats-api';
import classes from './Stats.module.css';
import type { UserPermissions } from './types';

/** The sections a permission set shows (G22: other numbers unlock nothing). */
export function StatsDashboard({
  userId,
  permissions,
}: {
  userId: number;
  permissions: UserPermissions;
}) {
  const live = useLiveListeners(userId);
  const channels = live.data?.channels ?? [];
  const granted = permissions.userPermissions;
  const controls = granted.includes(STATS_PERMISSION_CACHE);
  const affiliates = granted.includes(STATS_PERMISSION_AFFILIATES);

  const sections = [
    { id: 'stats-live', label: 'Ao vivo' },
    { id: 'stats-history', label: 'Histórico' },
    { id: 'stats-impact', label: 'Relatório de impacto' },
    ...(controls ? [{ id: 'stats-controls', label: 'Controles' }] : []),
    ...(affiliates ? [{ id: 'stats-affiliates', label: STATS_MESSAGES.affiliatesTitle }] : []),
  ];

  return (
    <div className={classes.sections} data-testid="stats-dashboard">
      <nav aria-label="Seções do painel" className={classes.nav}>
        {sections.map((section) => (
          <Button
            key={section.id}
            component="a"
            href={`#${section.id}`}
            variant="light"
            size="compact-sm"
            radius="xl"
            onClick={(event) => {
              event.preventDefault();
              document
                .getElementById(section.id)
                ?.scrollIntoView({ behavior: 'smooth', block: 'start' });
            }}
          >
            {section.label}
          </Button>
        ))}
      </nav>
      <div id="stats-live" className={classes.section}>
        <LiveCounters query={live} />
      </div>
      <div id="stats-history" className={classes.section}>
        <HistorySection userId={userId} channels={channels} />
      </div>
      <div id="stats-impact" className={classes.section}>
        <ImpactReport channels={channels} />
      </div>
      {controls && (
        <div id="stats-controls" className={classes.section}>
          <ControlsSection links={permissions.content.links} />
        </div>
      )}
      {affiliates && (
        <div id="stats-affiliates" className={classes.section}>
          <AffiliatesSection
            affiliates={permissions.content.affiliates}
            affiliatesUrl={permissions.content.affiliatesUrl}
          />
        </div>
      )}
    </div>
  );
}
