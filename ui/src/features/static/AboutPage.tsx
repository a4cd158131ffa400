import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@/lib/router';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { useStationName } from '@/lib/station';

/** /quem-somos (doc2 §2; ST-03): the about text, with links to /programacao and /afiliadas. */
export function AboutPage() {
  const name = useStationName();
  return (
    <PageFrame
      title="Quem somos"
      description="Uma rádio FM nacional, com afiliadas por todo o Brasil e no ar há mais de 40 anos."
    >
      <Stack gap="md" maw={760}>
        <Text>
          A {name} nasceu como uma emissora FM local e virou uma rede: hoje são 21 afiliadas em sete
          estados, levando a nossa programação a mais de 550 municípios, além do site, dos
          aplicativos e das smart TVs.
        </Text>
        <Text>
          São 56 minutos de música por hora, com os clássicos e os lançamentos que marcam cada
          época, jornalismo com a nossa redação e programas que acompanham o ouvinte do café da
          manhã à madrugada.
        </Text>
        <Title order={2} size="h4">
          Conheça mais
        </Title>
        <Group>
          <Button component={Link} to="/programacao">
            Programação
          </Button>
          <Button component={Link} to="/afiliadas" variant="light">
            Afiliadas
          </Button>
        </Group>
      </Stack>
    </PageFrame>
  );
}
