import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconTrash } from '@tabler/icons-react';
import { toast } from '@/lib/toast';
import { STATS_MESSAGES } from './messages';
import { useCleanCache } from './api/stats-api';
import classes from './Stats.module.css';
import type { StatsLink } from './types';

/** Controls (permission 2; G21): the station's links and the cache-clean action. */
export function ControlsSection({ links }: { links: StatsLink[] }) {
  const clean = useCleanCache();
  const cleanCache = () =>
    clean.mutate(undefined, {
      onSuccess: () => toast.success(STATS_MESSAGES.cacheCleaned),
      onError: (failure) => toast.error(failure.message),
    });

  return (
    <section
      aria-labelledby="stats-controls-title"
      className={classes.section}
      data-testid="stats-controls"
    >
      <Title order={2} id="stats-controls-title" className={classes.sectionTitle}>
        Controles
      </Title>
      <Paper withBorder radius="md" p="md" mt="sm">
        <Stack gap="md">
          {links.length > 0 ? (
            <ul className={classes.linkList} aria-label="Links">
              {links.map((link) => (
                <li key={link.url}>
                  <Anchor href={link.url} target="_blank" rel="noopener noreferrer">
                    <Group gap={4} component="span" wrap="nowrap">
                      {link.label}
                      <IconExternalLink size={14} aria-hidden />
                    </Group>
                  </Anchor>
                </li>
              ))}
            </ul>
          ) : (
            <Text c="dimmed" size="sm">
              Nenhum link configurado.
            </Text>
          )}
          <Group>
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={cleanCache}
              loading={clean.isPending}
            >
              Limpar cache
            </Button>
            <Text size="sm" c="dimmed">
              Esvazia os caches do servidor (páginas, listas e parâmetros).
            </Text>
          </Group>
        </Stack>
      </Paper>
    </section>
  );
}
