import { Box, Button, Divider, Drawer, NavLink, Stack, Text } from '@mantine/core';
import { IconAntenna, IconExternalLink } from '@tabler/icons-react';
import { Link, useLocation } from '@/lib/router';
import { startLiveRadio } from '@/features/player/player-runtime';
import { useStation } from '@/lib/station';
import { COMMERCIAL_FALLBACK, MAIN_MENU, TUNE_IN_LABEL } from './menu';
import { SocialLinks } from './SocialLinks';
import classes from './Header.module.css';

export interface MobileMenuProps {
  opened: boolean;
  onClose: () => void;
  /** 'Sintonize no FM': the drawer closes and the tune-in modal opens. */
  onTuneIn: () => void;
}

/** The main menu under 768 px (C18): a drawer behind the header's hamburger. */
export function MobileMenu({ opened, onClose, onTuneIn }: MobileMenuProps) {
  const { station } = useStation();
  const { pathname } = useLocation();
  const social = station?.social ?? [];
  const commercialUrl = station?.commercialUrl || COMMERCIAL_FALLBACK;

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size="min(86vw, 340px)"
      padding="md"
      title={<Text fw={800}>{station?.name ?? 'Menu'}</Text>}
      closeButtonProps={{ 'aria-label': 'Fechar menu' }}
      classNames={{ body: classes.drawerBody }}
    >
      <nav aria-label="Menu principal">
        <Stack gap={2}>
          {MAIN_MENU.map(({ label, to, icon: Icon, startsLive }) => {
            const target = to ?? commercialUrl;
            const external = to === null && /^https?:\/\//i.test(target);
            return external ? (
              <NavLink
                key={label}
                component="a"
                href={target}
                target="_blank"
                rel="noopener noreferrer"
                label={label}
                leftSection={<Icon size={20} aria-hidden />}
                rightSection={<IconExternalLink size={14} aria-hidden />}
                className={classes.drawerLink}
                onClick={onClose}
              />
            ) : (
              <NavLink
                key={label}
                component={Link}
                to={target}
                label={label}
                active={pathname === target}
                leftSection={<Icon size={20} aria-hidden />}
                className={classes.drawerLink}
                onClick={() => {
                  onClose();
                  if (startsLive) startLiveRadio();
                }}
              />
            );
          })}
        </Stack>
      </nav>
      <Divider my="md" />
      <Button
        fullWidth
        variant="light"
        leftSection={<IconAntenna size={18} aria-hidden />}
        onClick={() => {
          onClose();
          onTuneIn();
        }}
      >
        {TUNE_IN_LABEL}
      </Button>
      {social.length > 0 && (
        <Box mt="lg">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700} mb={6}>
            Siga a rádio
          </Text>
          <SocialLinks links={social} variant="light" wrap="wrap" />
        </Box>
      )}
    </Drawer>
  );
}
