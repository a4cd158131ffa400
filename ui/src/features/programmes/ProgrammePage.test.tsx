import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { mockApi } from '@/test/api-mock';
import { render, screen } from '@/test/render';
import { PartnersPage } from '@/features/partners/PartnersPage';
import { LOAD_ERROR } from '@/lib/messages';
import { ProgrammePage } from './ProgrammePage';

describe('programmes and partners (AF-01)', () => {
  it('programme cards show title, image, description, days and time', async () => {
    mockApi({
      '/api/v1/programs/getProgramsData': [
        {
          slug: 'bom-dia',
          programTitle: 'Bom Dia Teste',
          programImage: '/media/img/program/bom-dia.svg',
          programDescription: 'Música leve e notícias.',
          programDays: 'Segunda a sexta',
          programTime: '06:00 às 09:00',
          host: 'Carla',
        },
      ],
    });
    render(<ProgrammePage />);
    expect(await screen.findByRole('heading', { name: 'Bom Dia Teste' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Bom Dia Teste' })).toHaveAttribute(
      'src',
      '/media/img/program/bom-dia.svg',
    );
    expect(screen.getByText('Música leve e notícias.')).toBeInTheDocument();
    expect(screen.getByText('Segunda a sexta · 06:00 às 09:00')).toBeInTheDocument();
  });

  it('partner cards show name, image and description', async () => {
    mockApi({
      '/api/v1/getPartnersData': [
        {
          slug: 'inst',
          name: 'Instituto X',
          image: '/media/img/partner/inst.svg',
          description: 'Aulas de música.',
          link: '',
        },
      ],
    });
    render(<PartnersPage />);
    expect(await screen.findByRole('heading', { name: 'Instituto X' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Instituto X' })).toBeInTheDocument();
    expect(screen.getByText('Aulas de música.')).toBeInTheDocument();
  });

  it('a failed load shows the error text', async () => {
    mockApi({ '/api/v1/programs/getProgramsData': new Error('boom') });
    render(<ProgrammePage />);
    expect(await screen.findByText(LOAD_ERROR)).toBeInTheDocument();
  });

  it('the retry loads the list again', async () => {
    mockApi({ '/api/v1/getPartnersData': new Error('boom') });
    render(<PartnersPage />);
    expect(await screen.findByText(LOAD_ERROR)).toBeInTheDocument();
    mockApi({ '/api/v1/getPartnersData': [] });
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByText('Nenhum parceiro no momento')).toBeInTheDocument();
    expect(screen.queryByText(LOAD_ERROR)).not.toBeInTheDocument();
  });
});
