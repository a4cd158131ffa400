import { Anchor, Button, Group } from '@mantine/core';
import { IconExternalLink, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { podcastPageUrl } from './other-podcasts';
import { PodcastPlayer } from './PodcastPlayer';
import classes from './Podcasts.module.css';

/**
 * A recording of a list ('Outros podcasts', PD-06) before its player: a play button and a link to it
 * at the player host. The host's frame comes only when the listener asks for it: a list of ten
 * frames loading at once is slow, tells the host about every visit, and where the host cannot be
 * reached leaves ten grey boxes. The link stays once the frame is there, in case it does not load.
 */
export function PodcastFacade({
  url,
  title,
  label,
}: {
  url: string;
  title: string;
  label: string;
}) {
  const [open, setOpen] = useState(false);
  const link = (
    <Anchor
      href={podcastPageUrl(url)}
      target="_blank"
      rel="noopener noreferrer"
      size="sm"
      className={classes.facadeLink}
    >
      Abrir no site do podcast
      <IconExternalLink size={14} aria-hidden />
      <span className="sr-only"> (abre em nova aba)</span>
    </Anchor>
  );
  if (open) {
    return (
      <div data-testid="podcast-facade" data-open>
        <PodcastPlayer url={url} title={title} style="mini" label={label} immediate />
        <Group justify="flex-end" mt={4}>
          {link}
        </Group>
      </div>
    );
  }
  return (
    <Group
      className={classes.facade}
      justify="space-between"
      gap="sm"
      wrap="nowrap"
      data-testid="podcast-facade"
    >
      <Button
        variant="light"
        radius="xl"
        leftSection={<IconPlayerPlayFilled size={16} aria-hidden />}
        onClick={() => setOpen(true)}
        aria-label={`Ouvir ${title}`}
      >
        Ouvir
      </Button>
      {link}
    </Group>
  );
}
