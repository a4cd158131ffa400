/** Inbox data for tests: the four folders and items as the server sends them. */
import type { FormKind } from '@/generated/FormKind';
import type { InboxFolder } from '@/generated/InboxFolder';
import type { InboxItem } from '@/generated/InboxItem';
import type { InboxPage } from '@/generated/InboxPage';

export const STAFF = { userId: 42, name: 'Equipe', email: 'equipe@example.com', isPro: false };

export function folders(counts: Partial<Record<FormKind, [number, number]>> = {}): InboxFolder[] {
  const labels: [FormKind, string][] = [
    ['recommendation', 'Recomendação de música'],
    ['contact', 'Contato'],
    ['workWithUs', 'Trabalhe conosco'],
    ['freeStreaming', 'Streaming gratuito'],
  ];
  return labels.map(([kind, label]) => {
    const [unhandled, total] = counts[kind] ?? [0, 0];
    return { kind, label, unhandled, total };
  });
}

export function makeItem(id: number, overrides: Partial<InboxItem> = {}): InboxItem {
  return {
    id,
    kind: 'contact',
    summary: `Ouvinte ${id} — Comercial`,
    email: `ouvinte${id}@example.com`,
    userId: null,
    categoryId: 2,
    createdAt: '2024-05-10T12:05:09-03:00',
    mailedAt: '2024-05-10T12:06:00-03:00',
    handledAt: null,
    handledBy: null,
    hasCurriculum: false,
    fields: [
      { label: 'Nome', value: `Ouvinte ${id}` },
      { label: 'Mensagem', value: 'Olá, rádio!' },
    ],
    ...overrides,
  };
}

export function page(items: InboxItem[], overrides: Partial<InboxPage> = {}): InboxPage {
  return {
    items,
    total: items.length,
    unhandled: items.filter((item) => item.handledAt === null).length,
    page: 1,
    perPage: 20,
    ...overrides,
  };
}
