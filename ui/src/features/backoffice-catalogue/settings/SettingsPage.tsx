import { Button, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { isAccessRefusal, settingsQueryOptions } from '../api/catalogue-api';
import { CatalogueFrame } from '../CatalogueFrame';
import { CatalogueGate, CatalogueRefusal, NoPermission } from '../CatalogueGate';
import { CAT_MESSAGES } from '../messages';
import { canEditSettings } from '../spec-helpers';
import { SettingsForm } from './SettingsForm';

/** /a1catalogo/parametros: the station's parameters, permission 7. */
export function SettingsPage() {
  return (
    <CatalogueFrame title={() => CAT_MESSAGES.settings}>
      <CatalogueGate>
        {(userId, spec) =>
          canEditSettings(spec) ? <Settings userId={userId} /> : <NoPermission />
        }
      </CatalogueGate>
    </CatalogueFrame>
  );
}

function Settings({ userId }: { userId: number }) {
  const params = useQuery(settingsQueryOptions(userId));
  if (params.isError) {
    if (isAccessRefusal(params.error)) return <CatalogueRefusal error={params.error} />;
    return (
      <EmptyState
        icon={IconAlertTriangle}
        title={CAT_MESSAGES.settingsError}
        description={params.error.message}
        data-testid="settings-error"
      >
        <Button mt="md" variant="light" onClick={() => void params.refetch()}>
          {CAT_MESSAGES.retry}
        </Button>
      </EmptyState>
    );
  }
  if (!params.data)
    return (
      <Stack gap="md" aria-busy="true" aria-label={CAT_MESSAGES.loading}>
        <Skeleton height={260} radius="md" />
        <Skeleton height={160} radius="md" />
      </Stack>
    );
  return <SettingsForm userId={userId} params={params.data} />;
}
