import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, TEST_AFFILIATES } from '@/test/api-mock';
import { act, render, screen } from '@/test/render';
import { AFFILIATE_FILTER_DELAY_MS, NO_AFFILIATE_TEXT, cepOf, orDash, stateOf } from './affiliates';
import { AffiliatesPage } from './AffiliatesPage';

const WITH_GAPS = [
  ...TEST_AFFILIATES,
  {
    ...(TEST_AFFILIATES[0] as (typeof TEST_AFFILIATES)[number]),
    id: 9,
    filial: 'Rádio Teste Salvador - 95,5',
    enderecoCEP: 'Salvador/BA - ',
    enderecoRua: '',
    email: '',
    telefone: '',
  },
];

describe('affiliates page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({ '/api/v1/getAffiliatesData': WITH_GAPS });
  });
  afterEach(() => vi.useRealTimers());

  it('AF-02: state dropdown, the eight buttons and each affiliate with its fields', async () => {
    render(<AffiliatesPage />);
    expect(await screen.findByText('Rádio Teste Curitiba - 98,9')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Estado' })).toBeInTheDocument();
    for (const state of ['BA', 'DF', 'ES', 'MG', 'PR', 'RS', 'SC', 'SP']) {
      expect(screen.getByRole('button', { name: state })).toBeInTheDocument();
    }
    expect(screen.getByText(/Rua A, 1/)).toBeInTheDocument();
    expect(screen.getByText(/80000-000/)).toBeInTheDocument();
    expect(screen.getByText('cwb@teste.example')).toBeInTheDocument();
    expect(screen.getByText('(41) 3000-0000')).toBeInTheDocument();
    // '-' for the missing e-mail and phone of Salvador.
    expect(screen.getAllByText('-').length).toBeGreaterThanOrEqual(2);
  });

  it('AF-04: a filter change shows ~1 s of loading before the results', async () => {
    render(<AffiliatesPage />);
    await screen.findByText('Rádio Teste Curitiba - 98,9');
    act(() => screen.getByRole('button', { name: 'SP' }).click());
    expect(screen.getByLabelText('Carregando')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(AFFILIATE_FILTER_DELAY_MS - 50));
    expect(screen.getByLabelText('Carregando')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(60));
    expect(screen.queryByLabelText('Carregando')).not.toBeInTheDocument();
    expect(screen.getByText('Rádio Teste São Paulo - 101,7')).toBeInTheDocument();
    expect(screen.getByText('Rádio Teste Campinas - 99,1')).toBeInTheDocument();
    expect(screen.queryByText('Rádio Teste Curitiba - 98,9')).not.toBeInTheDocument();
  });

  it('AF-05: a state without affiliates shows the empty text', async () => {
    render(<AffiliatesPage />);
    await screen.findByText('Rádio Teste Curitiba - 98,9');
    act(() => screen.getByRole('button', { name: 'RS' }).click());
    act(() => vi.advanceTimersByTime(AFFILIATE_FILTER_DELAY_MS));
    expect(screen.getByText(NO_AFFILIATE_TEXT)).toBeInTheDocument();
  });

  it('reads the state and CEP from "city/UF - CEP"', () => {
    expect(stateOf({ enderecoCEP: 'Curitiba/PR - 80000-000' })).toBe('PR');
    expect(stateOf({ enderecoCEP: 'Brasília/df' })).toBe('DF');
    expect(stateOf({ enderecoCEP: '' })).toBe('');
    expect(cepOf({ enderecoCEP: 'Curitiba/PR - 80000-000' })).toBe('80000-000');
    expect(orDash('')).toBe('-');
  });
});
