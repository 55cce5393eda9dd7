import type { AccessibilityFeature } from "@/lib/schemas/accessibility";

// One line icon per accessibility feature (24×24, drawn with the text colour). Decorative: the
// feature's name is always written next to it.

const circle = (cx: number, cy: number, r: number) => `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;

const PATHS: Record<AccessibilityFeature, string[]> = {
  "step-free-entrance": ["M3 20h18L3 12z", "M15 4h5v16"],
  "accessible-toilet": [circle(10, 4, 1.8), "M10 7.5V13h6l2 5", "M8 10.5a5 5 0 1 0 6.5 7"],
  seating: ["M7 3v10h10v8", "M7 13v8", "M7 9h8"],
  "sign-language": ["M8 21v-7l-2.5-3.5", "M8 13V5a1.5 1.5 0 0 1 3 0v6", "M11 10V4a1.5 1.5 0 0 1 3 0v6", "M14 10V5.5a1.5 1.5 0 0 1 3 0V15a6 6 0 0 1-6 6H8"],
  "captions-audio-description": ["M3 6h18v12H3z", "M10.5 10.2a2 2 0 1 0 0 3.6", "M17 10.2a2 2 0 1 0 0 3.6"],
  "quiet-space": ["M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5z"],
  "assistance-animals": [
    "M12 13c-3 0-5 3-5 5 0 1.5 1.5 2 2.5 2s1.5-.5 2.5-.5 1.5.5 2.5.5 2.5-.5 2.5-2c0-2-2-5-5-5z",
    circle(5.5, 10, 1.6),
    circle(9.5, 6, 1.6),
    circle(14.5, 6, 1.6),
    circle(18.5, 10, 1.6),
  ],
  "accessible-parking": ["M4 3h16v18H4z", "M9 17V7h4a3 3 0 0 1 0 6H9"],
};

export function AccessibilityIcon({ feature }: { feature: AccessibilityFeature }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      {PATHS[feature].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
