import { useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useNavigate } from '@/lib/router';
import { MODAL_Z_INDEX } from '@/lib/layers';
import { errorText, isUnauthorized, PROFILE_MESSAGES } from '@/features/auth/messages';
import { handleUnauthorized, logout } from '@/features/auth/session-actions';
import { LOGOUT_AFTER_DELETE_MS } from '@/lib/constants';
import type { SessionUser } from '@/lib/session';
import { toast } from '@/lib/toast';
import { profileApi } from './api/profile-api';

export interface DeleteAccountModalProps {
  opened: boolean;
  onClose: () => void;
  user: SessionUser;
}

/** 'Excluir Conta' (doc3 §2.6, §4.2; C24; S03): Escape or a click outside closes it. */
export function DeleteAccountModal({ opened, onClose, user }: DeleteAccountModalProps) {
  const [deleting, setDeleting] = useState(false);
  const navigate = useNavigate();

  async function remove() {
    setDeleting(true);
    try {
      await profileApi.deleteProfile({ userId: user.userId, email: user.email });
      onClose();
      toast.success(PROFILE_MESSAGES.deleted, { persistent: true });
      setTimeout(() => {
        void (async () => {
          await navigate('/');
          await logout();
        })();
      }, LOGOUT_AFTER_DELETE_MS);
    } catch (failure) {
      if (isUnauthorized(failure)) {
        onClose();
        handleUnauthorized();
      } else {
        toast.error(errorText('deleteProfile', failure));
      }
    } finally {
      setDeleting(false);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Excluir Conta" centered zIndex={MODAL_Z_INDEX}>
      <Text size="sm">
        Esta ação é permanente: o seu cadastro e todos os seus dados serão apagados e não poderão
        ser recuperados.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Voltar
        </Button>
        <Button color="red" onClick={() => void remove()} loading={deleting}>
          Excluir
        </Button>
      </Group>
    </Modal>
  );
}
