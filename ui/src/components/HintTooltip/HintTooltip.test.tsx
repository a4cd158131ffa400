import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HintTooltip } from './HintTooltip';

describe('HintTooltip', () => {
  it('keeps the control as it is and its hint out of the accessibility tree', () => {
    render(
      <HintTooltip label="Tocar" openDelay={400}>
        <button type="button" aria-label="Tocar" />
      </HintTooltip>,
    );
    expect(screen.getByRole('button', { name: 'Tocar' })).toBeInTheDocument();
    const hint = screen.getByText('Tocar');
    expect(hint).toHaveAttribute('aria-hidden', 'true');
    expect(hint.parentElement).toHaveStyle({ '--hint-delay': '400ms' });
  });
});
