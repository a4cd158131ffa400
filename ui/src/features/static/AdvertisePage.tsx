import { IconSpeakerphone } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';

/** /anuncie-conosco (doc2 §2 Advertise). The frame of the page; its content arrives in a later issue. */
export function AdvertisePage() {
  return (
    <PageFrame
      title="Anuncie conosco"
      description="Sua marca na rádio, no site e nos aplicativos, para ouvintes de todo o país."
    >
      <EmptyState
        icon={IconSpeakerphone}
        title="Informações comerciais em breve"
        description="Os formatos de anúncio e os contatos do comercial estarão aqui em breve."
        links={[
          { label: 'Clientes', to: '/clientes' },
          { label: 'Contato', to: '/contato?assunto=comercial' },
        ]}
      />
    </PageFrame>
  );
}
