import { ActionIcon, Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAntenna, IconSearch } from '@tabler/icons-react';
import { NowPlayingWidget } from '@/features/player/components/NowPlayingWidget';
import { OnDemand } from '@/components/OnDemand/OnDemand';
import { useBreakpoint } from '@/lib/breakpoints';
import { lazyNamed, preloadOnIntent } from '@/lib/lazy';
import { useStation } from '@/lib/station';
import { CategoryBar } from './CategoryBar';
import { Logo } from './Logo';
import { MainMenu } from './MainMenu';
import { TUNE_IN_LABEL } from './menu';
import { ProfileMenu } from './ProfileMenu';
import { SearchForm } from '@/components/SearchForm/SearchForm';
import { SocialLinks } from './SocialLinks';
import classes from './Header.module.css';

// Opened by a click: chunks of their own, fetched on the first opening.
const MobileMenu = lazyNamed(() => import('./MobileMenu'), 'MobileMenu');
const SearchModal = lazyNamed(() => import('./SearchModal'), 'SearchModal');
const TuneInModal = lazyNamed(() => import('./TuneInModal'), 'TuneInModal');

/**
 * The site header (doc1 §2): logo, search, social links, 'Sintonize no FM', profile menu, the main
 * menu and the news category bar. Under 768 px (C18) the main menu moves into a drawer behind a
 * hamburger, the search box into a modal, and every category into 'Mais categorias'. The drawer
 * and the modals load when first opened.
 */
export function Header() {
  const { isMobile } = useBreakpoint();
  const { station } = useStation();
  const [drawerOpened, drawer] = useDisclosure(false);
  const [searchOpened, search] = useDisclosure(false);
  const [tuneInOpened, tuneIn] = useDisclosure(false);
  const social = station?.social ?? [];

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
              {...preloadOnIntent(MobileMenu)}
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
                  {...preloadOnIntent(SearchModal)}
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
                  {...preloadOnIntent(TuneInModal)}
                >
                  <IconAntenna size={20} aria-hidden />
                </ActionIcon>
              </>
            ) : (
              <Button
                variant="light"
                leftSection={<IconAntenna size={18} aria-hidden />}
                onClick={tuneIn.open}
                {...preloadOnIntent(TuneInModal)}
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
        <OnDemand when={drawerOpened}>
          <MobileMenu opened={drawerOpened} onClose={drawer.close} onTuneIn={tuneIn.open} />
        </OnDemand>
      )}

      <OnDemand when={searchOpened}>
        <SearchModal opened={searchOpened} onClose={search.close} />
      </OnDemand>
      <OnDemand when={tuneInOpened}>
        <TuneInModal opened={tuneInOpened} onClose={tuneIn.close} />
      </OnDemand>
    </header>
  );
}
