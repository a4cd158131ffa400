import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconMapPin } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { groupAffiliatesByState, useAffiliates } from '../../api/get-affiliates';
import { TUNE_IN_LABEL } from './menu';
import classes from './Header.module.css';

const STATE_NAMES: Record<string, string> = {
  AC: 'Acre',
  AL: 'Alagoas',
  AP: 'Amapá',
  AM: 'Amazonas',
  BA: 'Bahia',
  CE: 'Ceará',
  DF: 'Distrito Federal',
  ES: 'Espírito Santo',
  GO: 'Goiás',
  MA: 'Maranhão',
  MT: 'Mato Grosso',
  MS: 'Mato Grosso do Sul',
  MG: 'Minas Gerais',
  PA: 'Pará',
  PB: 'Paraíba',
  PR: 'Paraná',
  PE: 'Pernambuco',
  PI: 'Piauí',
  RJ: 'Rio de Janeiro',
  RN: 'Rio Grande do Norte',
  RS: 'Rio Grande do Sul',
  RO: 'Rondônia',
  RR: 'Roraima',
  SC: 'Santa Catarina',
  SP: 'São Paulo',
  SE: 'Sergipe',
  TO: 'Tocantins',
};

export interface TuneInModalProps {
  opened: boolean;
  onClose: () => void;
}

/** 'Sintonize no FM': the cities where an affiliate broadcasts, by state, with their frequencies. */
export function TuneInModal({ opened, onClose }: TuneInModalProps) {
  const { data, isLoading, isError } = useAffiliates({ enabled: opened });
  const groups = data ? groupAffiliatesByState(data) : [];

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={TUNE_IN_LABEL}
      size="lg"
      radius="lg"
      closeButtonProps={{ 'aria-label': 'Fechar' }}
      classNames={{ title: classes.modalTitle }}
    >
      <Text c="dimmed" size="sm" mb="md">
        Ouça também no rádio: estas são as cidades onde uma afiliada transmite a nossa programação.
      </Text>
      {isLoading && (
        <Group justify="center" py="xl">
          <Loader aria-label="Carregando afiliadas" />
        </Group>
      )}
      {isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} variant="light">
          Não foi possível carregar as cidades agora. Tente novamente em instantes.
        </Alert>
      )}
      {!isLoading && !isError && groups.length === 0 && (
        <Text ta="center" py="lg" c="dimmed">
          Nenhuma afiliada encontrada no momento.
        </Text>
      )}
      {groups.length > 0 && (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg" verticalSpacing="lg">
          {groups.map((group) => (
            <section key={group.state} aria-labelledby={`uf-${group.state}`}>
              <Title order={3} size="h5" id={`uf-${group.state}`} className={classes.stateTitle}>
                <IconMapPin size={16} aria-hidden />
                {STATE_NAMES[group.state]
                  ? `${STATE_NAMES[group.state]} (${group.state})`
                  : group.state}
              </Title>
              <Stack gap={6} component="ul" className={classes.cityList}>
                {group.cities.map((city) => (
                  <Group
                    key={city.id}
                    component="li"
                    justify="space-between"
                    wrap="nowrap"
                    gap="xs"
                  >
                    <Text size="sm">{city.city}</Text>
                    {city.frequency && (
                      <Badge variant="light" radius="sm" size="md">
                        {city.frequency}
                      </Badge>
                    )}
                  </Group>
                ))}
              </Stack>
            </section>
          ))}
        </SimpleGrid>
      )}
      <Group justify="flex-end" mt="xl">
        <Button component={Link} to="/afiliadas" variant="light" onClick={onClose}>
          Ver todas as afiliadas
        </Button>
      </Group>
    </Modal>
  );
}
