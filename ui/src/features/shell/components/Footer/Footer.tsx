import { useId, useState } from 'react';
import {
  Anchor,
  Box,
  Container,
  Divider,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconBuilding, IconChevronDown, IconHeadset, IconMessageCircle } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { AppLink } from '@/components/AppLink/AppLink';
import { useBreakpoint } from '@/lib/breakpoints';
import { FOOTER_ACCORDION_BELOW } from '@/lib/constants';
import { useStation, useStationName } from '@/lib/station';
import { platformIcon } from '@/lib/platform-icons';
import { Logo } from '../Header/Logo';
import { SocialLinks } from '../Header/SocialLinks';
import { copyrightLine } from '../../lib/copyright';
import { FOOTER_GROUPS, type FooterLink } from './links';
import classes from './Footer.module.css';

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

function FooterLinkItem({ link }: { link: FooterLink }) {
  return (
    <Anchor component={Link} to={link.to} className={classes.link}>
      {link.label}
    </Anchor>
  );
}

/**
 * One footer group on phones: a heading whose button shows or hides its links (the WAI-ARIA
 * disclosure pattern). Written here rather than Mantine's Accordion, which brought 1.7 kB gzipped
 * and its collapse animation into every page's first load for four lists of links.
 */
function FooterDisclosure({ title, links }: { title: string; links: FooterLink[] }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className={classes.accordionItem}>
      <Title order={2} className={classes.accordionHeading}>
        <button
          type="button"
          className={classes.accordionControl}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          <span className={classes.accordionLabel}>{title}</span>
          <IconChevronDown
            size={18}
            aria-hidden
            className={classes.accordionChevron}
            data-open={open || undefined}
          />
        </button>
      </Title>
      <div id={panelId} hidden={!open} className={classes.accordionContent}>
        <LinkList links={links} />
      </div>
    </div>
  );
}

function LinkList({ links }: { links: FooterLink[] }) {
  return (
    <ul className={classes.linkList}>
      {links.map((link) => (
        <li key={link.label}>
          <FooterLinkItem link={link} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The site footer (doc1 §2): three link groups ('{station}', 'Música', 'Mais'), listener support,
 * corporate phone, app and platform badges, social networks and the copyright line. Below 992 px
 * the groups become an accordion.
 */
export function Footer() {
  const name = useStationName();
  const { station } = useStation();
  const { width } = useBreakpoint();
  const accordion = width < FOOTER_ACCORDION_BELOW;
  const groups = FOOTER_GROUPS.map((group) => ({ ...group, title: group.title ?? name }));

  return (
    <footer className={classes.footer} data-testid="site-footer">
      <Container className={classes.inner}>
        <div className={classes.top}>
          <Stack gap="md" className={classes.about}>
            <div>
              <Logo onDark />
            </div>
            <Text size="sm" className={classes.muted}>
              Música boa, informação e promoções ao vivo, 24 horas por dia, no rádio e na internet.
            </Text>
            {station && (
              <Stack gap="xs" className={classes.contacts}>
                {station.supportPhone && (
                  <Group gap="xs" wrap="nowrap">
                    <IconHeadset size={18} aria-hidden className={classes.contactIcon} />
                    <Text size="sm">
                      Atendimento ao ouvinte:{' '}
                      <Anchor href={telHref(station.supportPhone)} className={classes.strongLink}>
                        {station.supportPhone}
                      </Anchor>
                    </Text>
                  </Group>
                )}
                {station.supportChatUrl && (
                  <Group gap="xs" wrap="nowrap">
                    <IconMessageCircle size={18} aria-hidden className={classes.contactIcon} />
                    <Anchor
                      component={AppLink}
                      to={station.supportChatUrl}
                      size="sm"
                      className={classes.strongLink}
                    >
                      Chat com o ouvinte
                    </Anchor>
                  </Group>
                )}
                {station.corporatePhone && (
                  <Group gap="xs" wrap="nowrap">
                    <IconBuilding size={18} aria-hidden className={classes.contactIcon} />
                    <Text size="sm">
                      Corporativo:{' '}
                      <Anchor href={telHref(station.corporatePhone)} className={classes.strongLink}>
                        {station.corporatePhone}
                      </Anchor>
                    </Text>
                  </Group>
                )}
              </Stack>
            )}
            {station && station.social.length > 0 && (
              <SocialLinks
                links={station.social}
                variant="filled"
                size="lg"
                className={classes.social}
              />
            )}
          </Stack>

          <nav aria-label="Links do rodapé" className={classes.groups}>
            {accordion ? (
              <div data-testid="footer-accordion">
                {groups.map((group) => (
                  <FooterDisclosure key={group.key} title={group.title} links={group.links} />
                ))}
              </div>
            ) : (
              <SimpleGrid cols={3} spacing="xl">
                {groups.map((group) => (
                  <section key={group.key} aria-labelledby={`footer-${group.key}`}>
                    <Title order={2} id={`footer-${group.key}`} className={classes.groupTitle}>
                      {group.title}
                    </Title>
                    <LinkList links={group.links} />
                  </section>
                ))}
              </SimpleGrid>
            )}
          </nav>
        </div>

        {station && station.apps.length > 0 && (
          <>
            <Divider className={classes.divider} />
            <Box>
              <Text className={classes.badgesTitle}>Ouça onde estiver</Text>
              <ul className={classes.badges}>
                {station.apps.map((app) => {
                  const Icon = platformIcon(app.platform);
                  return (
                    <li key={`${app.platform}-${app.url}`}>
                      <AppLink to={app.url} className={classes.badge}>
                        <Icon size={22} stroke={1.6} aria-hidden />
                        <span>{app.label}</span>
                      </AppLink>
                    </li>
                  );
                })}
              </ul>
            </Box>
          </>
        )}

        <Divider className={classes.divider} />
        <Text size="xs" className={classes.copyright} data-testid="copyright">
          {copyrightLine(name)}
        </Text>
      </Container>
    </footer>
  );
}
