import { Button, Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCrown, IconDeviceMobile, IconDeviceTv, IconSpeakerphone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from '@/lib/router';
import { AppLink } from '@/components/AppLink/AppLink';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import type { AppBadge } from '@/generated/AppBadge';
import { useStation } from '@/lib/station';

function Section({
  title,
  icon,
  text,
  children,
}: {
  title: string;
  icon: ReactNode;
  text: string;
  children?: ReactNode;
}) {
  return (
    <Card withBorder padding="lg" component="section" aria-label={title}>
      <Group wrap="nowrap" align="flex-start">
        <ThemeIcon size={48} radius="xl" variant="gradient" aria-hidden>
          {icon}
        </ThemeIcon>
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          <Text size="sm" mt={4}>
            {text}
          </Text>
          <Group gap="xs" mt="sm">
            {children}
          </Group>
        </div>
      </Group>
    </Card>
  );
}

function badges(apps: AppBadge[], platforms: string[]) {
  return apps
    .filter((app) => platforms.includes(app.platform))
    .map((app) => (
      <Button
        key={`${app.platform}-${app.url}`}
        component={AppLink}
        to={app.url}
        size="xs"
        variant="light"
      >
        {app.label}
      </Button>
    ));
}

/** /aplicativos (doc2 §2; ST-03): PRO app, standard app, TV apps and smart speakers. */
export function AppsPage() {
  const { station } = useStation();
  const apps = station?.apps ?? [];
  const name = station?.name ?? 'a rádio';
  return (
    <PageFrame
      title="Aplicativos"
      description="Leve a rádio com você: no celular, na smart TV, no assistente de voz e no computador."
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Section
          title="Aplicativo PRO"
          icon={<IconCrown size={26} />}
          text="Sem anúncios, com streams exclusivos e notícias PRO. Entre com a sua conta PRO no aplicativo."
        >
          <Button component={Link} to="/vantagens-da-assinatura-pro" size="xs">
            Conheça o PRO
          </Button>
        </Section>
        <Section
          title="Aplicativo padrão"
          icon={<IconDeviceMobile size={26} />}
          text={`Ouça ${name} ao vivo no Android e no iPhone, com o que está tocando e os podcasts.`}
        >
          {badges(apps, ['android', 'ios'])}
        </Section>
        <Section
          title="Aplicativos para TV"
          icon={<IconDeviceTv size={26} />}
          text="Disponível para smart TVs LG, Samsung, Android TV e Apple TV: procure pelo nome da rádio na loja da sua TV."
        >
          {badges(apps, ['lg', 'samsung', 'androidtv', 'appletv', 'tv'])}
        </Section>
        <Section
          title="Caixas de som inteligentes"
          icon={<IconSpeakerphone size={26} />}
          text={`Peça à Alexa ou ao Google Assistente: “tocar ${name}”.`}
        >
          {badges(apps, ['alexa', 'google', 'googlehome'])}
        </Section>
      </SimpleGrid>
    </PageFrame>
  );
}
