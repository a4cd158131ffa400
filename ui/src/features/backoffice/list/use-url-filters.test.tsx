import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { MemoryRouter, useLocation } from '@/lib/router';
import { act, renderHook } from '@testing-library/react';
import { filtersSearch, positiveParam, readPage, useUrlFilters } from './use-url-filters';

interface Filters {
  q: string;
  status: string | null;
  page: number;
}

const read = (search: URLSearchParams): Filters => ({
  q: search.get('q') ?? '',
  status: search.get('situacao'),
  page: readPage(search),
});
const write = (filters: Filters) => filtersSearch(filters, { situacao: filters.status });

describe('the list state in the address', () => {
  it('reads positive numbers only', () => {
    expect(positiveParam('3')).toBe(3);
    expect(positiveParam('0')).toBeNull();
    expect(positiveParam('-2')).toBeNull();
    expect(positiveParam('x')).toBeNull();
    expect(readPage(new URLSearchParams('pagina=abc'))).toBe(1);
  });

  it('writes the search, the desk’s filters in order and the page, defaults left out', () => {
    expect(filtersSearch({ q: ' chuva ', page: 2 }, { editoria: 4, estado: null })).toBe(
      'q=chuva&editoria=4&pagina=2',
    );
    expect(filtersSearch({ q: '', page: 1 })).toBe('');
  });

  it('a change of filter starts at page 1; a page change keeps the filters; clear empties all', () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={['/a1promocoes?q=ingressos&pagina=3']}>{children}</MemoryRouter>
    );
    const { result } = renderHook(
      () => ({ list: useUrlFilters(read, write), location: useLocation() }),
      { wrapper },
    );
    expect(result.current.list.filters).toEqual({ q: 'ingressos', status: null, page: 3 });
    act(() => result.current.list.update({ status: 'open' }));
    expect(result.current.location.search).toBe('?q=ingressos&situacao=open');
    act(() => result.current.list.update({ page: 2 }));
    expect(result.current.location.search).toBe('?q=ingressos&situacao=open&pagina=2');
    act(() => result.current.list.clear());
    expect(result.current.location.search).toBe('');
  });
});
