import {
  Alert,
  Button,
  Paper,
  Skeleton,
  Stack,
  Tabs,
  TypographyStylesProvider,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconFileText, IconFlag, IconGift, IconTreasureChest } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import type { HuntInfo } from '@/generated/HuntInfo';
import { huntInfoQueryOptions } from './api/hunt-api';
import { HUNT_TABS, HUNT_TEXTS, type HuntTab } from './hunt-texts';
import { HuntPrizes } from './HuntPrizes';
import { HuntStart } from './HuntStart';
import classes from './TreasureHuntPage.module.css';

const TAB_ICONS = { start: IconFlag, rules: IconFileText, prizes: IconGift } as const;
const TAB_ORDER: HuntTab[] = ['start', 'rules', 'prizes'];

function HuntTabs({ hunt }: { hunt: HuntInfo }) {
  return (
    <Tabs defaultValue="start" variant="pills" radius="xl" className={classes.tabs}>
      <Tabs.List className={classes.tabList} aria-label="Caça ao tesouro">
        {TAB_ORDER.map((tab) => {
          const TabIcon = TAB_ICONS[tab];
          return (
            <Tabs.Tab
              key={tab}
              value={tab}
              className={classes.tab}
              leftSection={<TabIcon size={18} aria-hidden />}
            >
              {HUNT_TABS[tab]}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>

      <Tabs.Panel value="start" pt="lg">
        <HuntStart hunt={hunt} />
      </Tabs.Panel>

      <Tabs.Panel value="rules" pt="lg">
        <Paper withBorder className={classes.rules}>
          {hunt.tx_regulamento ? (
            <TypographyStylesProvider>
              {/* Sanitised by the server (S11). */}
              <div
                data-testid="hunt-rules"
                dangerouslySetInnerHTML={{ __html: hunt.tx_regulamento }}
              />
            </TypographyStylesProvider>
          ) : (
            <Alert color="gray">O regulamento desta caça ao tesouro não foi publicado.</Alert>
          )}
        </Paper>
      </Tabs.Panel>

      <Tabs.Panel value="prizes" pt="lg">
        <HuntPrizes hunt={hunt} />
      </Tabs.Panel>
    </Tabs>
  );
}

/**
 * /caca-ao-tesouro (doc3 §2.8; HT-03…HT-05): with an active hunt, the tabs start (selected),
 * regulation and prizes; without one, 'Fique antenado…'. The hunt info is the one the banner and
 * the engine share (cached for 30 minutes).
 */
export function TreasureHuntPage() {
  const query = useQuery(huntInfoQueryOptions());
  const hunt = query.data;

  return (
    <PageFrame
      title="Caça ao tesouro"
      heading={hunt?.tx_titulo || 'Caça ao tesouro'}
      description={hunt?.bannerMessage || undefined}
    >
      {query.isPending ? (
        <Stack gap="lg" data-testid="hunt-loading" aria-busy>
          <Skeleton h={44} w={360} maw="100%" radius="xl" />
          <Skeleton h={320} radius="lg" />
        </Stack>
      ) : query.isError ? (
        <Alert color="red" role="alert" title="Caça ao tesouro">
          {HUNT_TEXTS.loadError}
          <div>
            <Button
              mt="sm"
              size="xs"
              variant="white"
              color="red"
              onClick={() => void query.refetch()}
            >
              Tentar de novo
            </Button>
          </div>
        </Alert>
      ) : hunt ? (
        <HuntTabs hunt={hunt} />
      ) : (
        <EmptyState
          icon={IconTreasureChest}
          title={HUNT_TEXTS.noHunt}
          description="Enquanto isso, ouça a rádio ao vivo e confira as promoções."
          links={[
            { label: 'Ouvir ao vivo', to: '/ouvir-radio-online' },
            { label: 'Promoções', to: '/promocoes' },
          ]}
          data-testid="hunt-none"
        />
      )}
    </PageFrame>
  );
}
