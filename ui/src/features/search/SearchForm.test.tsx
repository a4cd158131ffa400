import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from '@/lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchForm } from '@/components/SearchForm/SearchForm';
import type { SearchSuggestion } from '@/generated/SearchSuggestion';
import { mockApi, rawReply } from '@/test/api-mock';
import { render } from '@/test/render';
import { NO_SUGGESTIONS } from './SuggestionList';

const SUGGESTIONS: SearchSuggestion[] = Array.from({ length: 12 }, (_, index) => ({
  title: `Samba número ${index + 1}`,
  link: `/noticias/samba-${index + 1}`,
}));

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderBox() {
  return render(
    <Routes>
      <Route
        path="*"
        element={
          <>
            <SearchForm />
            <Where />
          </>
        }
      />
    </Routes>,
  );
}

/** Search calls made so far, as their q values. */
function searchCalls(fetchMock: ReturnType<typeof mockApi>): string[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/v1/search')
    .map((url) => url.searchParams.get('q') ?? '');
}

function box(): HTMLInputElement {
  return screen.getByRole('combobox', { name: 'Buscar no site' });
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** Lets the mocked fetch resolve and react-query publish (it notifies on a zero timeout). */
async function settle() {
  for (let round = 0; round < 5; round += 1) await advance(5);
}

describe('header search box (doc1 §2 Search, G02)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('SE-01: asks only after 500 ms without typing and shows at most 10 suggestions', async () => {
    const fetchMock = mockApi({ '/api/v1/search': SUGGESTIONS });
    renderBox();
    fireEvent.change(box(), { target: { value: 's' } });
    await advance(300);
    fireEvent.change(box(), { target: { value: 'sa' } });
    await advance(300);
    fireEvent.change(box(), { target: { value: 'sam' } });
    await advance(499);
    expect(searchCalls(fetchMock)).toEqual([]);
    await advance(1);
    await advance(0);
    expect(searchCalls(fetchMock)).toEqual(['sam']);
    await settle();
    const list = screen.getByRole('listbox', { name: 'Sugestões de busca' });
    expect(within(list).getAllByRole('option')).toHaveLength(10);
    expect(within(list).getByText('Samba número 1')).toBeInTheDocument();
    expect(within(list).queryByText('Samba número 11')).not.toBeInTheDocument();
    expect(box()).toHaveAttribute('aria-expanded', 'true');
  });

  it('SE-02: ArrowDown twice then Enter opens the second suggestion', async () => {
    mockApi({ '/api/v1/search': SUGGESTIONS });
    renderBox();
    fireEvent.change(box(), { target: { value: 'sam' } });
    await advance(500);
    await settle();
    screen.getByRole('listbox');
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    const options = screen.getAllByRole('option');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(box()).toHaveAttribute('aria-activedescendant', options[1]?.id);
    fireEvent.submit(box().closest('form') as HTMLFormElement);
    expect(screen.getByTestId('where')).toHaveTextContent('/noticias/samba-2');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('ArrowUp from the box goes to the last suggestion and past the first back to the box', async () => {
    mockApi({ '/api/v1/search': SUGGESTIONS.slice(0, 3) });
    renderBox();
    fireEvent.change(box(), { target: { value: 'sam' } });
    await advance(500);
    await settle();
    screen.getByRole('listbox');
    fireEvent.keyDown(box(), { key: 'ArrowUp' });
    expect(screen.getAllByRole('option')[2]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    expect(box()).not.toHaveAttribute('aria-activedescendant');
    // Enter with nothing highlighted submits the search.
    fireEvent.submit(box().closest('form') as HTMLFormElement);
    expect(screen.getByTestId('where')).toHaveTextContent('/busca?q=sam');
  });

  it('SE-03: a query without results shows the single item Sem sugestões', async () => {
    mockApi({ '/api/v1/search': [] });
    renderBox();
    fireEvent.change(box(), { target: { value: 'zzzz' } });
    await advance(500);
    await settle();
    const list = screen.getByRole('listbox');
    const options = within(list).getAllByRole('option');
    expect(options).toHaveLength(1);
    expect(options[0]).toHaveTextContent(NO_SUGGESTIONS);
    // Enter still submits the search to /busca.
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.submit(box().closest('form') as HTMLFormElement);
    expect(screen.getByTestId('where')).toHaveTextContent('/busca?q=zzzz');
  });

  it('SE-04: clearing the query empties the list and sends nothing', async () => {
    const fetchMock = mockApi({ '/api/v1/search': SUGGESTIONS });
    renderBox();
    fireEvent.change(box(), { target: { value: 'sam' } });
    await advance(500);
    await settle();
    screen.getByRole('listbox');
    expect(searchCalls(fetchMock)).toHaveLength(1);
    fireEvent.change(box(), { target: { value: '' } });
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await advance(2000);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(searchCalls(fetchMock)).toHaveLength(1);
    // Spaces only count as empty too.
    fireEvent.change(box(), { target: { value: '   ' } });
    await advance(2000);
    expect(searchCalls(fetchMock)).toHaveLength(1);
  });

  it('Escape closes the list; a click on a suggestion opens it', async () => {
    mockApi({ '/api/v1/search': SUGGESTIONS.slice(0, 2) });
    renderBox();
    fireEvent.change(box(), { target: { value: 'sam' } });
    await advance(500);
    await settle();
    screen.getByRole('listbox');
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    await settle();
    const list = screen.getByRole('listbox');
    fireEvent.click(within(list).getByText('Samba número 2'));
    expect(screen.getByTestId('where')).toHaveTextContent('/noticias/samba-2');
  });

  it('sends the trimmed query and never more than 100 characters (G02)', async () => {
    const fetchMock = mockApi({
      '/api/v1/search': rawReply(
        () =>
          new Response(JSON.stringify({ status: 'success', message: 'success', data: [] }), {
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    });
    renderBox();
    fireEvent.change(box(), { target: { value: `  ${'a'.repeat(150)}  ` } });
    await advance(500);
    await settle();
    screen.getByRole('listbox');
    expect(searchCalls(fetchMock)).toEqual(['a'.repeat(100)]);
  });
});
