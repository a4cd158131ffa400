import { useId, useState } from 'react';
import { Button, Group, Paper } from '@mantine/core';
import { IconShare, IconThumbUp } from '@tabler/icons-react';
import { RatingButtons } from './RatingButtons';
import { ShareLinks } from './ShareLinks';
import classes from './Player.module.css';

type Panel = 'share' | 'rate';

/**
 * The live page's mobile bottom sheet (G65): two toggles, 'Compartilhar' (facebook, twitter,
 * whatsapp, vk) and 'Avaliar' (like/dislike). Opening one closes the other.
 */
export function MobileLiveSheet({ shareUrl, shareText }: { shareUrl: string; shareText: string }) {
  const [open, setOpen] = useState<Panel | null>(null);
  const id = useId();
  const toggle = (panel: Panel) => setOpen((current) => (current === panel ? null : panel));

  return (
    <Paper
      className={classes.sheet}
      shadow="lg"
      data-testid="live-sheet"
      data-open={open ?? undefined}
      data-fixed-bottom
    >
      {open && (
        <div id={`${id}-${open}`} className={classes.sheetPanel} data-testid={`live-sheet-${open}`}>
          {open === 'share' ? (
            <ShareLinks url={shareUrl} text={shareText} />
          ) : (
            <RatingButtons variant="labels" testId="rating" />
          )}
        </div>
      )}
      <Group grow gap="xs" wrap="nowrap">
        <Button
          variant={open === 'share' ? 'light' : 'subtle'}
          leftSection={<IconShare size={18} aria-hidden />}
          aria-expanded={open === 'share'}
          aria-controls={open === 'share' ? `${id}-share` : undefined}
          onClick={() => toggle('share')}
          data-testid="live-sheet-share-toggle"
        >
          Compartilhar
        </Button>
        <Button
          variant={open === 'rate' ? 'light' : 'subtle'}
          leftSection={<IconThumbUp size={18} aria-hidden />}
          aria-expanded={open === 'rate'}
          aria-controls={open === 'rate' ? `${id}-rate` : undefined}
          onClick={() => toggle('rate')}
          data-testid="live-sheet-rate-toggle"
        >
          Avaliar
        </Button>
      </Group>
    </Paper>
  );
}
