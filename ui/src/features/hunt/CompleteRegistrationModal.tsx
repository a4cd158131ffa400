import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconUserEdit } from '@tabler/icons-react';
import { useNavigate } from '@/lib/router';
import { MODAL_Z_INDEX } from '@/lib/layers';
import { PROFILE_EDIT_PATH } from './hunt-constants';
import { HUNT_TEXTS } from './hunt-texts';

export interface CompleteRegistrationModalProps {
  opened: boolean;
  onClose: () => void;
}

/** G14: the profile modal — the message and 'Completar cadastro' to /perfil/editar-perfil. */
export function CompleteRegistrationModal({ opened, onClose }: CompleteRegistrationModalProps) {
  const navigate = useNavigate();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Complete seu cadastro"
      centered
      radius="lg"
      zIndex={MODAL_Z_INDEX}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <Stack gap="lg">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon size={44} radius="xl" variant="gradient" aria-hidden>
            <IconUserEdit size={24} />
          </ThemeIcon>
          <Text>{HUNT_TEXTS.completeRegistration}</Text>
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Agora não
          </Button>
          <Button
            data-autofocus
            onClick={() => {
              onClose();
              void navigate(PROFILE_EDIT_PATH);
            }}
          >
            {HUNT_TEXTS.completeRegistrationButton}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
