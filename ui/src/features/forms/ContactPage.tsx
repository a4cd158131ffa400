import { IconMail } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';

/** /contato (doc2 §2 Forms). The frame of the page; its content arrives in a later issue. */
export function ContactPage() {
  return (
    <PageFrame
      title="Contato"
      description="Fale com a rádio: sugestões, dúvidas, elogios e pedidos."
    >
      <EmptyState
        icon={IconMail}
        title="Formulário de contato em breve"
        description="Enquanto o formulário não chega, use os telefones e o chat do rodapé para falar com a gente."
        links={[
          { label: 'Trabalhe conosco', to: '/trabalhe-conosco' },
          { label: 'Anuncie conosco', to: '/anuncie-conosco' },
        ]}
      />
    </PageFrame>
  );
}
