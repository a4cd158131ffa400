/**
 * Keeps a staff member from losing unsaved work. The site runs on the declarative router (no data
 * router, so no useBlocker; app/router.tsx says why), so the guard covers the ways out itself:
 * closing or reloading the tab (the browser's own 'leave site?' prompt), following a link inside the
 * site (caught before the router sees the click; the editor asks first), and the back button or a
 * phone's back gesture: while there are unsaved changes one extra history entry with the same address
 * sits on top, so going back lands on it, stays on the page, and the editor asks. The entry is taken
 * away again when the changes are saved or the editor navigates itself.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from '@/lib/router';

export function useUnsavedGuard(dirty: boolean) {
  const navigate = useNavigate();
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);
  /** Set just before the editor itself navigates (after a save or a delete). */
  const bypass = useRef(false);
  const [pending, setPending] = useState<string | null>(null);
  /** The extra history entry is on top. */
  const guarded = useRef(false);
  /** Taking the extra entry away ourselves: the next popstate is ours, not the back button. */
  const consuming = useRef<(() => void) | null>(null);

  /** Pops the extra entry, then runs `then` (at once when there is none). */
  const unguard = useCallback((then: () => void) => {
    if (!guarded.current) {
      then();
      return;
    }
    guarded.current = false;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      consuming.current = null;
      then();
    };
    consuming.current = finish;
    window.history.back();
    // A browser (or test DOM) that never reports the step back still gets where it was going.
    window.setTimeout(finish, 300);
  }, []);

  useEffect(() => {
    if (dirty && !guarded.current && !bypass.current) {
      window.history.pushState(window.history.state, '', window.location.href);
      guarded.current = true;
    } else if (!dirty && guarded.current && !bypass.current) {
      unguard(() => undefined);
    }
  }, [dirty, unguard]);

  useEffect(() => {
    const onPopState = () => {
      if (consuming.current) {
        consuming.current();
        return;
      }
      if (!guarded.current || bypass.current) return;
      // The back button took the extra entry: the page is still here; ask before going further.
      guarded.current = false;
      if (dirtyRef.current) setPending(BACK);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

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
    // Capture: before the router's own click handler on the link (lib/router).
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
      unguard(() => {
        if (to === BACK) window.history.back();
        else navigate(to, options);
        // Still here (the same route re-rendered): guard again.
        setTimeout(() => (bypass.current = false), 0);
      });
    },
    [navigate, unguard],
  );

  return {
    /** Where the staff member tried to go (an in-site address, or back), waiting for 'Sair sem salvar'. */
    pending,
    confirmLeave: () => {
      const to = pending;
      setPending(null);
      if (to) leave(to);
    },
    cancelLeave: () => {
      // Staying after the back button: put the extra entry back for the next time.
      if (pending === BACK && dirtyRef.current && !guarded.current) {
        window.history.pushState(window.history.state, '', window.location.href);
        guarded.current = true;
      }
      setPending(null);
    },
    leave,
  };
}

/** `pending` when the back button (not a link) asked to leave. */
export const BACK = '\u0000back';
