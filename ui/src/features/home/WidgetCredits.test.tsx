import { describe, expect, it } from 'vitest';
import { render, screen } from '@/test/render';
import { WidgetCredits } from './WidgetCredits';

describe('WidgetCredits', () => {
  it('credits every provider of the home widgets with a link, as their terms ask', () => {
    render(<WidgetCredits />);
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://open-meteo.com/',
      'https://www.openstreetmap.org/copyright',
      'https://docs.awesomeapi.com.br/',
      'https://www.coingecko.com/',
    ]);
    expect(
      screen.getByRole('link', { name: '© colaboradores do OpenStreetMap' }),
    ).toBeInTheDocument();
    for (const link of links) expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
