import { useId } from 'react';

export interface ChestArtProps {
  /** The lid thrown open over a glow of coins (the prize modal); closed otherwise. */
  open?: boolean;
  className?: string;
  /** Pixel width; the height follows the 128×112 drawing. */
  size?: number;
}

/**
 * The hunt's treasure chest, drawn inline (no request, crisp at any size): wood, gold bands, a lock
 * and a few sparkles (their class `sparkle` lets the overlays make them twinkle). Decorative: the
 * button or heading around it carries the accessible name.
 */
export function ChestArt({ open = false, className, size = 96 }: ChestArtProps) {
  const id = useId().replace(/:/g, '');
  const wood = `${id}-wood`;
  const lid = `${id}-lid`;
  const gold = `${id}-gold`;
  const glow = `${id}-glow`;
  const clip = `${id}-clip`;
  const outline = '#4a230b';

  return (
    <svg
      viewBox="0 0 128 112"
      width={size}
      height={(size * 112) / 128}
      className={className}
      aria-hidden
      focusable="false"
    >
      <defs>
        <linearGradient id={wood} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#b5642c" />
          <stop offset="1" stopColor="#7a3a15" />
        </linearGradient>
        <linearGradient id={lid} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#c9783b" />
          <stop offset="1" stopColor="#93491d" />
        </linearGradient>
        <linearGradient id={gold} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffe27a" />
          <stop offset="0.55" stopColor="#f6b91c" />
          <stop offset="1" stopColor="#c98a06" />
        </linearGradient>
        <radialGradient id={glow} cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#fff7c9" stopOpacity="0.95" />
          <stop offset="0.55" stopColor="#ffd54a" stopOpacity="0.45" />
          <stop offset="1" stopColor="#ffd54a" stopOpacity="0" />
        </radialGradient>
        <clipPath id={clip}>
          <rect x="14" y="50" width="100" height="50" rx="6" />
          {!open && <path d="M14 52 V38 C14 20 34 10 64 10 C94 10 114 20 114 38 V52 Z" />}
        </clipPath>
      </defs>

      <ellipse cx="64" cy="104" rx="48" ry="6" fill="rgba(0,0,0,0.2)" />

      {open ? (
        <g>
          <circle cx="64" cy="44" r="52" fill={`url(#${glow})`} />
          {/* The lid thrown back: its inside shows. */}
          <path
            d="M16 50 L24 10 C42 2 86 2 104 10 L112 50 Z"
            fill="#5e2c10"
            stroke={outline}
            strokeWidth="2.5"
            strokeLinejoin="round"
          />
          <path d="M24 10 C42 2 86 2 104 10 L103 16 C86 8 42 8 25 16 Z" fill={`url(#${gold})`} />
          {/* Coins spilling over the rim. */}
          {[
            [40, 48],
            [52, 44],
            [64, 46],
            [76, 43],
            [88, 48],
            [58, 40],
            [71, 38],
          ].map(([cx, cy]) => (
            <ellipse
              key={`${cx}-${cy}`}
              cx={cx}
              cy={cy}
              rx="7"
              ry="5"
              fill={`url(#${gold})`}
              stroke="#b07400"
              strokeWidth="1.2"
            />
          ))}
        </g>
      ) : (
        <path
          d="M14 52 V38 C14 20 34 10 64 10 C94 10 114 20 114 38 V52 Z"
          fill={`url(#${lid})`}
          stroke={outline}
          strokeWidth="2.5"
          strokeLinejoin="round"
        />
      )}

      <rect
        x="14"
        y="50"
        width="100"
        height="50"
        rx="6"
        fill={`url(#${wood})`}
        stroke={outline}
        strokeWidth="2.5"
      />
      <g stroke="rgba(0,0,0,0.2)" strokeWidth="1.5">
        <line x1="16" y1="68" x2="112" y2="68" />
        <line x1="16" y1="84" x2="112" y2="84" />
        {!open && <line x1="18" y1="32" x2="110" y2="32" />}
      </g>

      {/* Gold bands over lid and body. */}
      <g clipPath={`url(#${clip})`} fill={`url(#${gold})`} stroke="#a86f00" strokeWidth="1">
        <rect x="26" y="0" width="10" height="112" />
        <rect x="92" y="0" width="10" height="112" />
      </g>
      <rect
        x="11"
        y="47"
        width="106"
        height="9"
        rx="3"
        fill={`url(#${gold})`}
        stroke="#a86f00"
        strokeWidth="1.2"
      />

      {/* The lock. */}
      <rect
        x="53"
        y="44"
        width="22"
        height="26"
        rx="5"
        fill={`url(#${gold})`}
        stroke="#a86f00"
        strokeWidth="1.4"
      />
      <circle cx="64" cy="54" r="3.4" fill="#4a230b" />
      <rect x="62.3" y="55" width="3.4" height="8" rx="1.5" fill="#4a230b" />

      {/* Sparkles. */}
      <g fill="#fff3b0" className="sparkle">
        <path d="M112 12 l2.2 5.3 5.3 2.2 -5.3 2.2 -2.2 5.3 -2.2 -5.3 -5.3 -2.2 5.3 -2.2z" />
      </g>
      <g fill="#ffe27a" className="sparkle">
        <path d="M10 22 l1.6 3.8 3.8 1.6 -3.8 1.6 -1.6 3.8 -1.6 -3.8 -3.8 -1.6 3.8 -1.6z" />
      </g>
      {open && (
        <g fill="#ffffff" className="sparkle">
          <path d="M96 30 l1.4 3.3 3.3 1.4 -3.3 1.4 -1.4 3.3 -1.4 -3.3 -3.3 -1.4 3.3 -1.4z" />
        </g>
      )}
    </svg>
  );
}
