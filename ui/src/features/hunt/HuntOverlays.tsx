import { OnDemand } from '@/components/OnDemand/OnDemand';
import { lazyNamed } from '@/lib/lazy';
import { HuntBanner } from './HuntBanner';
import { useHuntState } from './hunt-store';
import { useHuntEngine } from './useHuntEngine';

// Shown only to a winner: chunks of their own, fetched when a prize waits. The banner is drawn with
// the shell's first frame (the page carries the hunt, lib/initial-data.ts), so it never pushes the
// page down; only its chest art is fetched later, into a box of its size.
const HuntChest = lazyNamed(() => import('./HuntChest'), 'HuntChest');
const PrizeModal = lazyNamed(() => import('./PrizeModal'), 'PrizeModal');

/**
 * The treasure hunt on every page (doc3 §2.7, §4.4), mounted once by the shell: the engine (hunt
 * info, reserved prize, page views), the banner, the closed chest and the prize modal.
 */
export function HuntOverlays() {
  useHuntEngine();
  const { win, modalOpen } = useHuntState();
  return (
    <>
      <HuntBanner />
      <OnDemand when={win?.status === 'reserved'}>
        <HuntChest />
      </OnDemand>
      <OnDemand when={modalOpen && !!win}>
        <PrizeModal />
      </OnDemand>
    </>
  );
}
