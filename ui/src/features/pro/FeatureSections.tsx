import type { ReactNode } from 'react';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Image,
  List,
  SimpleGrid,
  Skeleton,
  Switch,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconArrowRight, IconCheck } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { track } from '@/lib/analytics';
import { useColorSchemeToggle } from '@/lib/color-scheme';
import { useSession } from '@/lib/session';
import { useFeaturedPodcasts } from './api/pro-api';
import { PRO_ANALYTICS_CATEGORY, PRO_SECTIONS, type ProSectionId, sectionDomId } from './pro-data';
import classes from './ProBenefitsPage.module.css';

interface FeatureProps {
  id: ProSectionId;
  title: string;
  lead: string;
  points: string[];
  children?: ReactNode;
  reverse?: boolean;
}

/** One benefit section: icon, heading (focus target after the scroll), text and extra content. */
function Feature({ id, title, lead, points, children, reverse = false }: FeatureProps) {
  const section = PRO_SECTIONS.find((candidate) => candidate.id === id);
  const SectionIcon = section?.icon;
  return (
    <Box
      component="section"
      id={sectionDomId(id)}
      aria-labelledby={`${sectionDomId(id)}-titulo`}
      className={reverse ? `${classes.feature} ${classes.featureReverse}` : classes.feature}
    >
      <Box className={classes.featureIntro}>
        {SectionIcon ? (
          <ThemeIcon size={56} radius="xl" variant="gradient" aria-hidden>
            <SectionIcon size={30} />
          </ThemeIcon>
        ) : null}
        <Title
          order={2}
          id={`${sectionDomId(id)}-titulo`}
          tabIndex={-1}
          className={classes.featureTitle}
        >
          {title}
        </Title>
        <Text size="lg" c="dimmed">
          {lead}
        </Text>
        <List
          spacing={6}
          icon={<IconCheck size={18} aria-hidden className={classes.check} />}
          className={classes.featurePoints}
        >
          {points.map((point) => (
            <List.Item key={point}>{point}</List.Item>
          ))}
        </List>
      </Box>
      {children ? <Box className={classes.featureExtra}>{children}</Box> : null}
    </Box>
  );
}

function FeaturedPodcasts() {
  const { data, isPending, isError } = useFeaturedPodcasts();
  if (isError) return null;
  return (
    <Box>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" data-testid="pro-featured-podcasts">
        {isPending
          ? [0, 1, 2].map((key) => <Skeleton key={key} height={180} radius="md" />)
          : data.map((show) => (
              <Card
                key={show.slug}
                component={Link}
                to={`/podcasts/${show.slug}`}
                radius="md"
                withBorder
                padding="sm"
                className={classes.podcast}
                onClick={() => track(PRO_ANALYTICS_CATEGORY, 'podcast-click', show.slug)}
              >
                <Card.Section>
                  <Image src={show.thumbUrl} alt="" height={120} fit="cover" />
                </Card.Section>
                <Group gap={6} mt="xs" wrap="nowrap" justify="space-between">
                  <Text fw={700} size="sm" lineClamp={2}>
                    {show.name}
                  </Text>
                  {show.isPro ? (
                    <Badge size="xs" variant="gradient">
                      PRO
                    </Badge>
                  ) : null}
                </Group>
                {show.subtitle ? (
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {show.subtitle}
                  </Text>
                ) : null}
              </Card>
            ))}
      </SimpleGrid>
      <Anchor
        component={Link}
        to="/podcasts"
        mt="md"
        className={classes.allPodcasts}
        onClick={() => track(PRO_ANALYTICS_CATEGORY, 'podcasts-all-click')}
      >
        Ver todos os podcasts <IconArrowRight size={16} aria-hidden />
      </Anchor>
    </Box>
  );
}

/** The dark-mode switch, for PRO users only (the dark theme is a PRO benefit). */
function DarkModeSwitch({ onSubscribe }: { onSubscribe: () => void }) {
  const session = useSession();
  const { isDark, toggle } = useColorSchemeToggle();
  if (!session?.user.isPro) {
    return (
      <Box className={classes.darkPreview}>
        <Text fw={600}>O modo escuro é exclusivo para assinantes PRO.</Text>
        <Button variant="gradient" radius="xl" mt="sm" onClick={onSubscribe}>
          Assinar agora
        </Button>
      </Box>
    );
  }
  return (
    <Box className={classes.darkPreview}>
      <Switch
        size="lg"
        checked={isDark}
        onChange={() => {
          track(PRO_ANALYTICS_CATEGORY, 'dark-mode-toggle', isDark ? 'light' : 'dark');
          toggle();
        }}
        label="Modo escuro"
        description="Você é PRO: ative quando quiser."
      />
    </Box>
  );
}

export function FeatureSections({ onSubscribe }: { onSubscribe: () => void }) {
  return (
    <>
      <Feature
        id="streams"
        title="Streams exclusivos"
        lead="Além da programação ao vivo, canais musicais feitos para quem é PRO."
        points={[
          'Streams temáticos sem intervalos comerciais',
          'Mesma qualidade de áudio no site e nos aplicativos',
          'Troque de canal direto no player',
        ]}
      />
      <Feature
        id="podcasts"
        title="Podcasts"
        lead="Programas exclusivos e download de episódios para ouvir sem internet."
        points={['Podcasts PRO da nossa redação', 'Download de episódios nos aplicativos']}
        reverse
      >
        <FeaturedPodcasts />
      </Feature>
      <Feature
        id="modo-escuro"
        title="Modo escuro"
        lead="Um visual mais confortável para os olhos, de dia ou de noite."
        points={['Vale para todo o site', 'Sua escolha fica salva neste navegador']}
      >
        <DarkModeSwitch onSubscribe={onSubscribe} />
      </Feature>
      <Feature
        id="despertador"
        title="Rádio despertador"
        lead="Acorde com a sua rádio favorita no aplicativo para computador."
        points={[
          'Escolha o horário e os dias da semana',
          'Volume crescente e soneca',
          'Se o stream falhar, um alarme toca mesmo assim',
        ]}
        reverse
      />
    </>
  );
}
