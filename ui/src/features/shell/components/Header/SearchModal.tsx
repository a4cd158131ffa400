import { Modal } from '@mantine/core';
import { SearchForm } from '@/components/SearchForm/SearchForm';

export interface SearchModalProps {
  opened: boolean;
  onClose: () => void;
}

/** The search box as a modal on small screens (doc1 §2). */
export function SearchModal({ opened, onClose }: SearchModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Buscar no site"
      closeButtonProps={{ 'aria-label': 'Fechar busca' }}
      yOffset="12vh"
      radius="lg"
    >
      <SearchForm autoFocus onSubmitted={onClose} size="md" />
    </Modal>
  );
}
