import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconBrandApple, IconBrandGooglePlay } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { AppLink } from '@/components/AppLink/AppLink';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { useStation } from '@/lib/station';

/** /open-app (doc3 §2.3): the app landing page, kept out of search engines. */
export function OpenAppPage() {
  const { station } = useStation();
  const stores = (station?.apps ?? []).filter(
    (app) => app.platform === 'android' || app.platform === 'ios',
  );

  return (
    <PageFrame title="Abrindo o aplicativo" noindex>
      <Stack align="center" gap="md" py="xl" ta="center">
        <Loader size="lg" type="bars" aria-hidden />
        <Text size="lg" fw={700}>
          Aguarde, estamos abrindo o aplicativo…
        </Text>
        <Text c="dimmed" maw={480}>
          Se o aplicativo não abrir, baixe-o na loja do seu celular.
        </Text>
        {stores.length > 0 && (
          <Group justify="center">
            {stores.map((store) => (
              <Button
                key={store.url}
                component={AppLink}
                to={store.url}
                variant="default"
                leftSection={
                  store.platform === 'ios' ? (
                    <IconBrandApple size={18} aria-hidden />
                  ) : (
                    <IconBrandGooglePlay size={18} aria-hidden />
                  )
                }
              >
                {store.label}
              </Button>
            ))}
          </Group>
        )}
        <Button component={Link} to="/aplicativos" variant="light">
          Conheça os aplicativos
        </Button>
      </Stack>
    </PageFrame>
  );
}
