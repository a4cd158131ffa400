import { IconCalendarTime } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';

/** /programacao (doc2 §2 Programmes). The frame of the page; its content arrives in a later issue. */
export function ProgrammePage() {
  return (
    <PageFrame title="Programação" description="Os programas da rádio, dia a dia e hora a hora.">
      <EmptyState
        icon={IconCalendarTime}
        title="Grade de programação em breve"
        description="Estamos atualizando a grade. Você pode ouvir a rádio ao vivo agora mesmo."
        links={[
          { label: 'Ouvir ao vivo', to: '/ouvir-radio-online' },
          { label: 'Podcasts', to: '/podcasts' },
        ]}
      />
    </PageFrame>
  );
}
