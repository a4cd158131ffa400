/**
 * Keeps a journalist from losing unsaved work. The site runs on the declarative router (no data
 * router, so no useBlocker; app/router.tsx says why), so the guard covers the two ways out that
 * matter: closing or reloading the tab (the browser's own 'leave site?' prompt) and following a
 * link inside the site (caught before the router sees the click; the editor asks first). The
 * browser's back button is not caught.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

export function useUnsavedGuard(dirty: boolean) {
  const navigate = useNavigate();
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);
  /** Set just before the editor itself navigates (after a save or a delete). */
  const bypass = useRef(false);
  const [pending, setPending] = useState<string | null>(null);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirtyRef.current || bypass.current) return;
      event.preventDefault();
      // Older browsers show the prompt only with a returnValue.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (!dirtyRef.current || bypass.current) return;
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement)) return;
      if (anchor.target && anchor.target !== '_self') return;
      if (anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      const to = `${url.pathname}${url.search}${url.hash}`;
      if (to === `${window.location.pathname}${window.location.search}${window.location.hash}`)
        return;
      event.preventDefault();
      event.stopPropagation();
      setPending(to);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    // Capture: before react-router's own click handler on the link.
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, []);

  /** Navigates without asking (the editor's own moves after a save or a delete). */
  const leave = useCallback(
    (to: string, options?: { replace?: boolean }) => {
      bypass.current = true;
      navigate(to, options);
      // Still here (the same route re-rendered): guard again.
      setTimeout(() => (bypass.current = false), 0);
    },
    [navigate],
  );

  return {
    /** The in-site address the journalist tried to open, waiting for 'Sair sem salvar'. */
    pending,
    confirmLeave: () => {
      const to = pending;
      setPending(null);
      if (to) leave(to);
    },
    cancelLeave: () => setPending(null),
    leave,
  };
}
