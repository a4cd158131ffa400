import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// findBy*/waitFor give up after 1 s by default. On a busy 2-core CI machine a page whose parts
// are drawn one per turn after the first render (components/Later) took longer than that, and a
// correct page failed. The ceiling only matters when something is missing, so it costs nothing
// when tests pass.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks the layout APIs Mantine uses.
const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);
Element.prototype.scrollIntoView = vi.fn();
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }),
});

class ResizeObserver {
  observe = vi.fn();
  unobserve = vi.fn();
  disconnect = vi.fn();
}
window.ResizeObserver = ResizeObserver;

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

beforeEach(() => {
  window.localStorage.clear();
  clearCookies();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});
