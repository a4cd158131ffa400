import { Alert, Image, Loader, Modal, Stack, Text, TypographyStylesProvider } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from '@/lib/router';
import { DEFAULT_SPOT_IMAGE, SPOT_NOT_FOUND_TEXT, SPOT_PARAM } from './clients';
import { spotQueryOptions } from './api/get-spot';

function SpotBody({ slug }: { slug: string }) {
  const query = useQuery(spotQueryOptions(slug));
  if (query.isPending) return <Loader aria-label="Carregando" mx="auto" display="block" />;
  if (query.isError) return <Alert color="gray">{SPOT_NOT_FOUND_TEXT}</Alert>;
  const spot = query.data;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" fw={700}>
        {spot.clientName}
      </Text>
      <Text fw={700} size="lg">
        {spot.name}
      </Text>
      <Image
        src={spot.imageFile ?? DEFAULT_SPOT_IMAGE}
        alt={spot.name}
        radius="md"
        mah={240}
        fit="contain"
      />
      <TypographyStylesProvider>
        {/* Sanitised by the server (S11). */}
        <div data-testid="spot-transcript" dangerouslySetInnerHTML={{ __html: spot.transcript }} />
      </TypographyStylesProvider>
    </Stack>
  );
}

/** CL-06: client name, spot name, image and HTML transcript; 'Spot não encontrado' when missing. */
export function SpotModal() {
  const [params, setParams] = useSearchParams();
  const slug = params.get(SPOT_PARAM);
  const close = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SPOT_PARAM);
        return next;
      },
      { preventScrollReset: true, replace: true },
    );
  return (
    <Modal opened={!!slug} onClose={close} title="Transcrição do spot" size="lg" centered>
      {slug && <SpotBody slug={slug} />}
    </Modal>
  );
}
