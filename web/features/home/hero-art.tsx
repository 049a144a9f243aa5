/** Decorative botanical illustration for the home hero: a herb sprig beside a dropper bottle. */
export function HeroArt({ className }: { className?: string }) {
  const leaf = "M0 0C18-16 50-17 66 0C50 17 18 16 0 0Z";
  const leaves: { x: number; y: number; r: number; s: number; tone: string }[] = [
    { x: 196, y: 322, r: -28, s: 1.05, tone: "fill-sage-400" },
    { x: 196, y: 300, r: 208, s: 1, tone: "fill-sage-500" },
    { x: 198, y: 258, r: -38, s: 0.95, tone: "fill-sage-500" },
    { x: 198, y: 236, r: 215, s: 0.9, tone: "fill-sage-400" },
    { x: 196, y: 192, r: -48, s: 0.8, tone: "fill-sage-400" },
    { x: 195, y: 172, r: 222, s: 0.75, tone: "fill-sage-500" },
    { x: 199, y: 132, r: -60, s: 0.6, tone: "fill-sage-500" },
    { x: 200, y: 116, r: 235, s: 0.55, tone: "fill-sage-400" },
  ];
  const buds: [number, number][] = [
    [122, 232],
    [112, 216],
    [128, 212],
    [104, 198],
    [120, 194],
    [110, 178],
  ];
  return (
    <svg
      viewBox="0 0 400 400"
      className={className}
      aria-hidden="true"
      focusable="false"
      xmlns="http://www.w3.org/2000/svg"
    >
      <circle cx="200" cy="200" r="184" className="fill-sage-100" />
      <circle cx="300" cy="104" r="46" className="fill-terracotta-100" />
      <ellipse cx="200" cy="372" rx="156" ry="9" className="fill-sand" />

      {/* Flowering sprig, left */}
      <path
        d="M164 370C156 320 140 280 118 240"
        fill="none"
        className="stroke-sage-600"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <path
        d="M150 322C138 314 128 312 116 314M144 296C154 286 162 284 172 286"
        fill="none"
        className="stroke-sage-600"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
      {buds.map(([cx, cy]) => (
        <ellipse
          key={`${cx}-${cy}`}
          cx={cx}
          cy={cy}
          rx="7"
          ry="10"
          transform={`rotate(-25 ${cx} ${cy})`}
          className="fill-terracotta-200"
        />
      ))}

      {/* Main herb stem */}
      <path
        d="M200 372C194 300 206 232 198 160C194 122 199 92 206 60"
        fill="none"
        className="stroke-sage-700"
        strokeWidth="4"
        strokeLinecap="round"
      />
      {leaves.map(({ x, y, r, s, tone }) => (
        <g key={`${x}-${y}`} transform={`translate(${x} ${y}) rotate(${r}) scale(${s})`}>
          <path d={leaf} className={tone} />
          <path d="M4 0H58" className="stroke-sage-700" strokeWidth="1.5" strokeLinecap="round" opacity="0.6" />
        </g>
      ))}
      <ellipse cx="207" cy="56" rx="7" ry="11" className="fill-sage-500" />

      {/* Dropper bottle, right */}
      <g>
        <ellipse cx="288" cy="233" rx="12" ry="15" className="fill-sage-800" />
        <rect x="272" y="242" width="32" height="24" rx="6" className="fill-sage-800" />
        <rect x="276" y="264" width="24" height="18" className="fill-terracotta-600" />
        <rect x="252" y="280" width="72" height="92" rx="16" className="fill-terracotta-500" />
        <rect x="264" y="304" width="48" height="40" rx="5" className="fill-cream" />
        <path
          d="M288 336C288 324 293 316 302 312C302 324 296 332 288 336ZM288 336C286 326 280 320 273 318C273 328 279 334 288 336Z"
          className="fill-sage-500"
        />
        <rect x="258" y="288" width="8" height="60" rx="4" fill="#fff" opacity="0.25" />
      </g>
    </svg>
  );
}
