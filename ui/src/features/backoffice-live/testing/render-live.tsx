/** Renders the live desk's route at /a1aovivo. */
import { Route, Routes } from '@/lib/router';
import { render } from '@/test/render';
import { BackofficeLivePage } from '../BackofficeLivePage';

export function renderLive() {
  return render(
    <Routes>
      <Route path="/a1aovivo" element={<BackofficeLivePage />} />
      <Route path="*" element={<p>outra página</p>} />
    </Routes>,
    { route: '/a1aovivo' },
  );
}
