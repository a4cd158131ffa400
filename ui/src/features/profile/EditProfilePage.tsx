import { IconUserCircle } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';

/** /perfil/editar-perfil (doc3 §2.6). The frame of the page; its content arrives in a later issue. */
export function EditProfilePage() {
  return (
    <PageFrame
      title="Editar perfil"
      description="Seus dados pessoais, sua senha e suas preferências."
      noindex
    >
      <EmptyState
        icon={IconUserCircle}
        title="Perfil em breve"
        description="A edição de perfil chega junto com o login na rádio."
        links={[{ label: 'Página inicial', to: '/' }]}
      />
    </PageFrame>
  );
}
