import { HuntBanner } from './HuntBanner';
import { HuntChest } from './HuntChest';
import { PrizeModal } from './PrizeModal';
import { useHuntEngine } from './useHuntEngine';

/**
 * The treasure hunt on every page (doc3 §2.7, §4.4), mounted once by the shell: the engine (hunt
 * info, reserved prize, page views), the banner, the closed chest and the prize modal.
 */
export function HuntOverlays() {
  useHuntEngine();
  return (
    <>
      <HuntBanner />
      <HuntChest />
      <PrizeModal />
    </>
  );
}
