import {
  ActionIcon,
  Box,
  Burger,
  Button,
  Container,
  Divider,
  Drawer,
  Group,
  NavLink,
  Stack,
  Text,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAntenna, IconExternalLink, IconSearch } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { NowPlayingWidget } from '@/features/player/components/NowPlayingWidget';
import { startLiveRadio } from '@/features/player/player-runtime';
import { useBreakpoint } from '@/lib/breakpoints';
import { useStation } from '@/lib/station';
import { CategoryBar } from './CategoryBar';
import { Logo } from './Logo';
import { MainMenu } from './MainMenu';
import { COMMERCIAL_FALLBACK, MAIN_MENU } from './menu';
import { ProfileMenu } from './ProfileMenu';
import { SearchForm } from '@/components/SearchForm/SearchForm';
import { SearchModal } from './SearchModal';
import { SocialLinks } from './SocialLinks';
import { TUNE_IN_LABEL, TuneInModal } from './TuneInModal';
import classes from './Header.module.css';

/**
 * The site header (doc1 §2): logo, search, social links, 'Sintonize no FM', profile menu, the main
 * menu and the news category bar. Under 768 px (C18) the main menu moves into a drawer behind a
 * hamburger, the search box into a modal, and every category into 'Mais categorias'.
 */
export function Header() {
  const { isMobile } = useBreakpoint();
  const { station } = useStation();
  const { pathname } = useLocation();
  const [drawerOpened, drawer] = useDisclosure(false);
  const [searchOpened, search] = useDisclosure(false);
  const [tuneInOpened, tuneIn] = useDisclosure(false);
  const social = station?.social ?? [];
  const commercialUrl = station?.commercialUrl || COMMERCIAL_FALLBACK;

  return (
    <header className={classes.header} data-mobile={isMobile || undefined}>
      <div className={classes.brandRow}>
        <Container className={classes.brandInner}>
          {isMobile && (
            <Burger
              opened={drawerOpened}
              onClick={drawer.toggle}
              aria-label={drawerOpened ? 'Fechar menu' : 'Abrir menu'}
              aria-expanded={drawerOpened}
              size="sm"
              data-testid="hamburger"
            />
          )}
          <Logo />
          {!isMobile && <SearchForm className={classes.search} />}
          {!isMobile && <NowPlayingWidget className={classes.nowPlaying} />}
          <Group gap="xs" wrap="nowrap" className={classes.actions}>
            {!isMobile && <SocialLinks links={social} visibleFrom="md" />}
            {isMobile ? (
              <>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  radius="xl"
                  aria-label="Buscar no site"
                  onClick={search.open}
                >
                  <IconSearch size={20} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="light"
                  size="lg"
                  radius="xl"
                  aria-label={TUNE_IN_LABEL}
                  title={TUNE_IN_LABEL}
                  onClick={tuneIn.open}
                >
                  <IconAntenna size={20} aria-hidden />
                </ActionIcon>
              </>
            ) : (
              <Button
                variant="light"
                leftSection={<IconAntenna size={18} aria-hidden />}
                onClick={tuneIn.open}
              >
                {TUNE_IN_LABEL}
              </Button>
            )}
            <ProfileMenu />
          </Group>
        </Container>
      </div>

      {!isMobile && (
        <div className={classes.navRow}>
          <Container>
            <MainMenu />
          </Container>
        </div>
      )}

      <div className={classes.categoryRow}>
        <Container>
          <CategoryBar mobile={isMobile} />
        </Container>
      </div>

      {isMobile && (
        <Drawer
          opened={drawerOpened}
          onClose={drawer.close}
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
                    onClick={drawer.close}
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
                      drawer.close();
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
              drawer.close();
              tuneIn.open();
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
      )}

      <SearchModal opened={searchOpened} onClose={search.close} />
      <TuneInModal opened={tuneInOpened} onClose={tuneIn.close} />
    </header>
  );
}
