/**
 * Parts below the first screen, drawn after the page one at a time (total blocking time).
 *
 * React builds a page's first render in slices (boot.tsx starts it as a transition), but writes it
 * to the document in one task, its commit. On the home page the footer and the part below the
 * headlines (the most read, the top 10, the crypto box…) came in one commit of 500 elements: on a
 * phone a task of some 150 ms in which a tap waits. Each `<Later>` part now leaves a stand-in of
 * its size and is drawn:
 *
 * - when the browser is idle, one part per turn, in the order of the page: a part's turn ends when
 *   it has been written to the document, so two parts never share a commit; each is drawn as a
 *   transition, so its render is sliced too;
 * - at once, out of turn, when the reader scrolls near its stand-in (800 px ahead).
 *
 * Without `requestIdleCallback` (Safari) a turn starts after a timer instead; without
 * `IntersectionObserver` only the turns draw the parts.
 */
import {
  startTransition,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { PartBoundary } from '@/components/OnDemand/OnDemand';

/** A turn waits this long at most for the browser to be idle. */
export const LATER_IDLE_TIMEOUT_MS = 2_000;
/** A reader this close to a stand-in gets its part at once. */
const NEAR_PX = 800;
/**
 * A part not written after this long (its chunk is slow, or it failed and its boundary left it
 * out) gives the turn to the next, which otherwise would wait for it forever.
 */
const TURN_MAX_MS = 1_500;

interface Waiting {
  standIn: HTMLElement;
  draw: () => void;
}

const waiting = new Set<Waiting>();
let turn: { part: Waiting; timer: ReturnType<typeof setTimeout> } | null = null;
/** Cancels the asked-for turn (none asked: null). */
let cancelAsked: (() => void) | null = null;

/** Runs `run` once the browser is idle; returns the cancel. */
function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: LATER_IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 0);
  return () => clearTimeout(timer);
}

/** The waiting part highest on the page. */
function firstOnPage(): Waiting | undefined {
  let first: Waiting | undefined;
  for (const part of waiting) {
    if (
      !first ||
      first.standIn.compareDocumentPosition(part.standIn) & Node.DOCUMENT_POSITION_PRECEDING
    )
      first = part;
  }
  return first;
}

function askTurn() {
  if (turn || cancelAsked || waiting.size === 0) return;
  cancelAsked = whenIdle(() => {
    cancelAsked = null;
    const part = firstOnPage();
    if (!part) return;
    waiting.delete(part);
    turn = { part, timer: setTimeout(() => endTurn(part), TURN_MAX_MS) };
    part.draw();
  });
}

/** A part stops waiting (drawn out of turn, or gone): nothing left, no turn asked. */
function stopWaiting(part: Waiting) {
  waiting.delete(part);
  if (waiting.size === 0 && cancelAsked) {
    cancelAsked();
    cancelAsked = null;
  }
}

function endTurn(part: Waiting | null) {
  if (!turn || turn.part !== part) return;
  clearTimeout(turn.timer);
  turn = null;
  askTurn();
}

/** Mounted with the part's content: its commit ends the part's turn. */
function Written({ onWritten }: { onWritten: () => void }) {
  useLayoutEffect(onWritten, [onWritten]);
  return null;
}

export interface LaterProps {
  children: ReactNode;
  /** The stand-in's class: its size, so the page below does not move when the part comes. */
  standInClassName?: string;
}

export function Later({ children, standInClassName }: LaterProps) {
  const [drawn, setDrawn] = useState(false);
  const standIn = useRef<HTMLDivElement>(null);
  const part = useRef<Waiting | null>(null);

  useEffect(() => {
    const element = standIn.current;
    if (drawn || !element) return;
    const self: Waiting = {
      standIn: element,
      draw: () => startTransition(() => setDrawn(true)),
    };
    part.current = self;
    waiting.add(self);
    askTurn();
    const near =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver(
            (entries) => {
              if (!entries.some((entry) => entry.isIntersecting) || !waiting.has(self)) return;
              stopWaiting(self);
              self.draw();
            },
            { rootMargin: `${NEAR_PX}px 0px` },
          )
        : null;
    near?.observe(element);
    return () => {
      stopWaiting(self);
      near?.disconnect();
    };
  }, [drawn]);

  // A part leaving the page during its turn gives the turn on.
  useEffect(() => () => endTurn(part.current), []);

  const placeholder = <div ref={standIn} className={standInClassName} aria-hidden />;
  if (!drawn) return placeholder;
  return (
    <PartBoundary>
      <Suspense fallback={<div className={standInClassName} aria-hidden />}>
        {children}
        <Written onWritten={() => endTurn(part.current)} />
      </Suspense>
    </PartBoundary>
  );
}
