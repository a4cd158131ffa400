import { Component, Suspense, useState, type ReactNode } from 'react';

interface BoundaryState {
  failed: boolean;
}

/** A part that failed to load or render is left out; the page around it stays. */
export class PartBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Renders `children` (typically a `lazyNamed` component: a modal, a drawer, an overlay) from the
 * first time `when` is true, and keeps it mounted afterwards (a modal closes with its transition).
 * Until then its chunk is not fetched. Nothing shows while it loads; a failure leaves it out.
 */
export function OnDemand({ when, children }: { when: boolean; children: ReactNode }) {
  const [wanted, setWanted] = useState(when);
  // Adjusting state while rendering (React's pattern for "derived from a changed prop").
  if (when && !wanted) setWanted(true);
  if (!wanted && !when) return null;
  return (
    <PartBoundary>
      <Suspense fallback={null}>{children}</Suspense>
    </PartBoundary>
  );
}
