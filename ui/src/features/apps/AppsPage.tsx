import { Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconDeviceMobile } from '@tabler/icons-react';
import { AppLink } from '@/components/AppLink/AppLink';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { useStation } from '@/lib/station';
import { platformIcon } from '@/lib/platform-icons';
import classes from './Apps.module.css';

/** /aplicativos (doc2 §2 Apps): where to listen — app stores, smart speakers, TV, desktop. */
export function AppsPage() {
  const { station } = useStation();
  const apps = station?.apps ?? [];
  return (
    <PageFrame
      title="Aplicativos"
      description="Leve a rádio com você: no celular, na smart TV, no assistente de voz e no computador."
    >
      {apps.length > 0 ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
          {apps.map((app) => {
            const Icon = platformIcon(app.platform);
            return (
              <Paper
                key={`${app.platform}-${app.url}`}
                component={AppLink}
                to={app.url}
                withBorder
                p="lg"
                className={classes.card}
              >
                <ThemeIcon variant="gradient" size={48} radius="xl" aria-hidden>
                  <Icon size={26} />
                </ThemeIcon>
                <Text fw={700} mt="md">
                  {app.label}
                </Text>
              </Paper>
            );
          })}
        </SimpleGrid>
      ) : (
        <EmptyState
          icon={IconDeviceMobile}
          title="Aplicativos em breve"
          description="Os links para baixar os aplicativos da rádio vão aparecer aqui."
          links={[{ label: 'Ouvir no site', to: '/ouvir-radio-online' }]}
        />
      )}
    </PageFrame>
  );
}
