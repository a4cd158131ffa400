import { describe, expect, it, vi } from 'vitest';
import {
  BROWSER_HASH_MAX_AGE_S,
  COOKIE_CONSENT_MAX_AGE_S,
  COOKIE_NOTICE_DELAY_MS,
} from '@/lib/constants';
import { readServerShell } from '@/lib/server-shell';
import { getCookie, setCookie } from '@/lib/storage';
import { act, fireEvent, render, screen } from '@/test/render';
import { CookieNotice } from './CookieNotice';

function cookieWrites() {
  return vi.spyOn(Document.prototype, 'cookie', 'set');
}

describe('CookieNotice', () => {
  it('appears 100 ms after load on a first visit', () => {
    vi.useFakeTimers();
    render(<CookieNotice />);
    act(() => vi.advanceTimersByTime(COOKIE_NOTICE_DELAY_MS - 1));
    expect(screen.queryByTestId('cookie-notice')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('cookie-notice')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Política de Privacidade' })).toHaveAttribute(
      'href',
      '/termos/privacidade',
    );
  });

  it("stays from the first frame when the server's page already drew it", () => {
    vi.useFakeTimers();
    const page = document.createElement('div');
    page.innerHTML = '<div data-cookie-notice></div>';
    readServerShell(page);
    render(<CookieNotice />);
    expect(screen.getByTestId('cookie-notice')).toBeInTheDocument();
    readServerShell(document.createElement('div'));
  });

  it("is not drawn from the server's page once consent was given", () => {
    vi.useFakeTimers();
    setCookie('a1_cookieConsent', '1', { maxAgeSeconds: 60 });
    const page = document.createElement('div');
    page.innerHTML = '<div data-cookie-notice></div>';
    readServerShell(page);
    render(<CookieNotice />);
    act(() => vi.advanceTimersByTime(COOKIE_NOTICE_DELAY_MS));
    expect(screen.queryByTestId('cookie-notice')).not.toBeInTheDocument();
    readServerShell(document.createElement('div'));
    setCookie('a1_cookieConsent', '', { maxAgeSeconds: 0 });
  });

  it('sets the consent cookie for 2 years (Path=/, SameSite=Lax) and is not shown again', () => {
    vi.useFakeTimers();
    const writes = cookieWrites();
    const first = render(<CookieNotice />);
    act(() => vi.advanceTimersByTime(COOKIE_NOTICE_DELAY_MS));
    fireEvent.click(screen.getByRole('button', { name: 'Aceitar e fechar' }));

    expect(screen.queryByTestId('cookie-notice')).not.toBeInTheDocument();
    expect(getCookie('a1_cookieConsent')).toBe('1');
    expect(writes).toHaveBeenCalledWith(
      `a1_cookieConsent=1; Max-Age=${COOKIE_CONSENT_MAX_AGE_S}; Path=/; SameSite=Lax`,
    );
    expect(COOKIE_CONSENT_MAX_AGE_S).toBe(63_072_000);
    first.unmount();

    // A reload: the notice stays away.
    render(<CookieNotice />);
    act(() => vi.advanceTimersByTime(COOKIE_NOTICE_DELAY_MS * 10));
    expect(screen.queryByTestId('cookie-notice')).not.toBeInTheDocument();
  });

  it('sets no browser hash before consent; accepting creates a 128-bit one for 10 years, once', () => {
    vi.useFakeTimers();
    const writes = cookieWrites();
    const first = render(<CookieNotice />);
    act(() => vi.advanceTimersByTime(COOKIE_NOTICE_DELAY_MS * 10));
    // The page loads and the notice waits; only essential cookies may exist meanwhile.
    expect(screen.getByTestId('cookie-notice')).toBeInTheDocument();
    expect(getCookie('a1_browserHash')).toBeNull();
    expect(writes).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Aceitar e fechar' }));
    const hash = getCookie('a1_browserHash');
    expect(hash).toMatch(/^[0-9a-f]{32}$/);
    expect(writes).toHaveBeenCalledWith(
      `a1_browserHash=${hash}; Max-Age=${BROWSER_HASH_MAX_AGE_S}; Path=/; SameSite=Lax`,
    );
    first.unmount();

    render(<CookieNotice />);
    act(() => vi.advanceTimersByTime(COOKIE_NOTICE_DELAY_MS * 10));
    expect(getCookie('a1_browserHash')).toBe(hash);
  });
});
