import {
  Code,
  CopyButton,
  Button,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import {
  EMBED_HEIGHT,
  EMBED_MAX_WIDTH,
  EMBED_PLAYER_PATH,
  embedSnippet,
} from '@/features/embed/embed';
import { useStation } from '@/lib/station';

/** ST-04: the banner sizes of doc2 §2 (width x height). */
const BANNER_SIZES = ['150x60', '234x60', '320x100', '120x240'] as const;

function origin(publicUrl: string | undefined): string {
  return (publicUrl || window.location.origin).replace(/\/+$/, '');
}

function Snippet({ code, testId }: { code: string; testId?: string }) {
  return (
    <Stack gap="xs">
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid={testId}>
        {code}
      </Code>
      <CopyButton value={code}>
        {({ copied, copy }) => (
          <Button size="xs" variant="light" onClick={copy} w="fit-content">
            {copied ? 'Copiado!' : 'Copiar código'}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}

/**
 * /incorporar-player (doc2 §2 Static pages; ST-04): step-by-step instructions, the embeddable
 * player's iframe code (with a preview) and the banners.
 */
export function EmbedPlayerPage() {
  const { station } = useStation();
  const base = origin(station?.publicUrl);
  const name = station?.name ?? 'a rádio';
  const linkCode = (size: string) => {
    const [width, height] = size.split('x');
    return `<a href="${base}/ouvir-radio-online" target="_blank" rel="noopener"><img src="${base}/media/logo.svg" width="${width}" height="${height}" alt="Ouça ${name} ao vivo"></a>`;
  };
  return (
    <PageFrame
      title="Incorporar player"
      description="Coloque o player da rádio no seu site ou blog."
    >
      <Stack gap="xl">
        <section>
          <Title order={2} size="h4" mb="sm">
            Passo a passo
          </Title>
          <List type="ordered" spacing="xs" data-testid="embed-steps">
            <List.Item>Escolha abaixo o tamanho de banner que cabe no seu site.</List.Item>
            <List.Item>Clique em “Copiar código” embaixo do banner escolhido.</List.Item>
            <List.Item>
              No editor do seu site ou blog, abra o modo HTML da página onde o player vai aparecer.
            </List.Item>
            <List.Item>Cole o código no lugar desejado e salve a página.</List.Item>
            <List.Item>
              Pronto: quem clicar no banner ouve a rádio ao vivo, com a programação e o que está
              tocando agora.
            </List.Item>
          </List>
        </section>
        <section>
          <Title order={2} size="h4" mb="sm">
            Player no seu site
          </Title>
          <Text mb="sm">
            O player ao vivo da {name} dentro do seu site: o play, o que está tocando agora e o
            volume. Copie o código abaixo e cole no HTML da sua página.
          </Text>
          <Paper withBorder p="md" data-testid="embed-iframe">
            <iframe
              src={EMBED_PLAYER_PATH}
              title={`Player da ${name}`}
              width="100%"
              height={EMBED_HEIGHT}
              style={{ maxWidth: EMBED_MAX_WIDTH, border: 0, display: 'block', marginBottom: 12 }}
              loading="lazy"
            />
            <Snippet code={embedSnippet(base, name)} testId="embed-iframe-code" />
          </Paper>
        </section>
        <section>
          <Title order={2} size="h4" mb="sm">
            Banners
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {BANNER_SIZES.map((size) => {
              const [width, height] = size.split('x').map(Number);
              return (
                <Paper key={size} withBorder p="md" data-testid="banner">
                  <Group justify="space-between" mb="sm">
                    <Text fw={700}>{size}</Text>
                  </Group>
                  <div
                    style={{
                      width,
                      height,
                      maxWidth: '100%',
                      background: 'linear-gradient(135deg, #ff5f1f, #c2185b)',
                      borderRadius: 6,
                      display: 'flex',
                      alignItems: 'center',
                      justifyContent: 'center',
                      marginBottom: 12,
                    }}
                  >
                    <img
                      src="/media/logo.svg"
                      alt={`Banner ${size}`}
                      style={{ maxWidth: '80%', maxHeight: '80%' }}
                    />
                  </div>
                  <Snippet code={linkCode(size)} />
                </Paper>
              );
            })}
          </SimpleGrid>
        </section>
      </Stack>
    </PageFrame>
  );
}
