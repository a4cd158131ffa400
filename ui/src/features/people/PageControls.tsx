import { Group, Pagination } from '@mantine/core';

/** The pages of a list, in Portuguese. */
export function PageControls({
  page,
  pages,
  onChange,
}: {
  page: number;
  pages: number;
  onChange: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <Group justify="center" mt="lg">
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onChange}
        size="sm"
        siblings={1}
        boundaries={1}
        aria-label="Páginas"
        getItemProps={(number) => ({ 'aria-label': `Página ${number}` })}
        getControlProps={(control) => ({
          'aria-label': control === 'next' ? 'Próxima página' : 'Página anterior',
        })}
        withEdges={false}
      />
    </Group>
  );
}
