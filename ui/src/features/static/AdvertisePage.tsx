import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBrandWhatsapp,
  IconDeviceMobile,
  IconMapPin,
  IconMessageCircle,
  IconMusic,
  IconPhone,
  IconTarget,
  IconTrophy,
  IconUsers,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from '@/lib/router';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { FreeStreamingCallout } from '@/features/forms/FreeStreamingRequest';
import { useStation } from '@/lib/station';

const BENEFITS = [
  {
    icon: IconMusic,
    title: 'Mais música, menos intervalo',
    text: 'Com 56 minutos de música por hora, seu anúncio aparece num ambiente que o ouvinte não troca de estação.',
  },
  {
    icon: IconMapPin,
    title: 'Alcance regional e nacional',
    text: 'Anuncie em uma praça ou em toda a rede: a programação chega a mais de 550 municípios pelas afiliadas.',
  },
  {
    icon: IconDeviceMobile,
    title: 'Rádio, site e aplicativos',
    text: 'Spots no ar, banners no site e áudio nos aplicativos e nas smart TVs: a mesma campanha em todas as telas.',
  },
  {
    icon: IconTarget,
    title: 'Público qualificado',
    text: 'Ouvintes adultos, com poder de compra, que acompanham a rádio todos os dias em casa, no carro e no trabalho.',
  },
] as const;

/** ST-01: the four claims of doc2 §2 Advertise. */
const CLAIMS = [
  { value: '56', label: 'minutos de música por hora', icon: IconMusic },
  { value: '21', label: 'afiliadas', icon: IconMapPin },
  { value: '+40', label: 'anos no ar', icon: IconTrophy },
  { value: '+2 milhões', label: 'de usuários', icon: IconUsers },
] as const;

function digits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/**
 * ST-02: the first click reveals the number, the second opens WhatsApp (or dials). `openUrl` is the
 * navigation, injectable for tests.
 */
export function RevealButton({
  label,
  phone,
  href,
  icon,
  openUrl = (url: string) => window.open(url, '_blank', 'noopener'),
}: {
  label: string;
  phone: string;
  href: string;
  icon: React.ReactNode;
  openUrl?: (url: string) => void;
}) {
  const [revealed, setRevealed] = useState(false);
  return (
    <Button
      variant={revealed ? 'filled' : 'light'}
      leftSection={icon}
      onClick={() => (revealed ? openUrl(href) : setRevealed(true))}
    >
      {revealed ? phone : label}
    </Button>
  );
}

/** /anuncie-conosco (doc2 §2; ST-01, ST-02, G26). */
export function AdvertisePage({ openUrl }: { openUrl?: (url: string) => void }) {
  const { station } = useStation();
  const open = openUrl ?? ((url: string) => window.open(url, '_blank', 'noopener'));
  const corporate = station?.corporatePhone ?? '';
  const support = station?.supportPhone ?? '';
  return (
    <PageFrame
      title="Anuncie conosco"
      description="Sua marca na rádio, no site e nos aplicativos, para ouvintes de todo o país."
    >
      <Stack gap="xl">
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" data-testid="claims">
          {CLAIMS.map((claim) => (
            <Card key={claim.label} withBorder ta="center" padding="md">
              <Text fz={32} fw={800} c="brand">
                {claim.value}
              </Text>
              <Text size="sm">{claim.label}</Text>
            </Card>
          ))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {BENEFITS.map(({ icon: Icon, title, text }) => (
            <Group key={title} wrap="nowrap" align="flex-start" data-testid="benefit">
              <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
                <Icon size={24} />
              </ThemeIcon>
              <div>
                <Title order={2} size="h5">
                  {title}
                </Title>
                <Text size="sm">{text}</Text>
              </div>
            </Group>
          ))}
        </SimpleGrid>
        <Text>
          Veja onde a rádio está no ar na página de{' '}
          <Text component={Link} to="/afiliadas" c="brand" fw={700}>
            afiliadas
          </Text>
          .
        </Text>
        <Card withBorder padding="lg">
          <Title order={2} size="h4" mb="sm">
            Fale com o comercial
          </Title>
          <Group>
            {corporate && (
              <RevealButton
                label="Ligar para o comercial"
                phone={corporate}
                href={`tel:+55${digits(corporate)}`}
                icon={<IconPhone size={16} />}
                openUrl={open}
              />
            )}
            {support && (
              <RevealButton
                label="WhatsApp"
                phone={support}
                href={`https://wa.me/55${digits(support)}`}
                icon={<IconBrandWhatsapp size={16} />}
                openUrl={open}
              />
            )}
            {station?.supportChatUrl && (
              <Button
                variant="light"
                leftSection={<IconMessageCircle size={16} />}
                onClick={() => open(station.supportChatUrl)}
              >
                Chat
              </Button>
            )}
            <Button component={Link} to="/contato?assunto=comercial" variant="default">
              Enviar mensagem
            </Button>
          </Group>
        </Card>
        <FreeStreamingCallout />
      </Stack>
    </PageFrame>
  );
}
