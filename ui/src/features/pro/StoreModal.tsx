import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBrandApple, IconBrandGooglePlay, IconDeviceMobile } from '@tabler/icons-react';
import { track } from '@/lib/analytics';
import { useStation } from '@/lib/station';
import { PRO_ANALYTICS_CATEGORY, PRO_MODAL_CLOSE_MS } from './pro-data';

export interface StoreModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Assinar agora' (doc3 §2.2, PP-03): the site cannot sell the subscription; it is bought in the
 * Android or iOS app and is valid on the site too. Store links come from the station profile's apps.
 * No payment form. Closes with a 250 ms transition.
 */
export function StoreModal({ opened, onClose }: StoreModalProps) {
  const { station } = useStation();
  const stores = (station?.apps ?? []).filter(
    (app) => app.platform === 'android' || app.platform === 'ios',
  );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      radius="lg"
      title="Assine pelo aplicativo"
      transitionProps={{ transition: 'pop', duration: PRO_MODAL_CLOSE_MS }}
    >
      <Stack gap="md">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon size={44} radius="xl" variant="gradient" aria-hidden>
            <IconDeviceMobile size={24} />
          </ThemeIcon>
          <Text>
            Não é possível fazer a assinatura por aqui. Baixe o aplicativo para Android ou iOS e
            assine a PRO pela loja do seu celular.
          </Text>
        </Group>
        <Text fw={600}>
          As assinaturas feitas no aplicativo também valem no site: é só entrar com a mesma conta.
        </Text>
        {stores.length > 0 ? (
          <Group grow preventGrowOverflow={false} wrap="wrap">
            {stores.map((app) => (
              <Button
                key={app.platform}
                component="a"
                href={app.url}
                target="_blank"
                rel="noopener noreferrer"
                size="md"
                variant="filled"
                color="dark"
                leftSection={
                  app.platform === 'ios' ? (
                    <IconBrandApple size={20} aria-hidden />
                  ) : (
                    <IconBrandGooglePlay size={20} aria-hidden />
                  )
                }
                onClick={() => track(PRO_ANALYTICS_CATEGORY, 'store-link', app.platform)}
              >
                {app.label}
              </Button>
            ))}
          </Group>
        ) : (
          <Text c="dimmed" size="sm">
            Procure o aplicativo da rádio no Google Play ou na App Store.
          </Text>
        )}
      </Stack>
    </Modal>
  );
}
