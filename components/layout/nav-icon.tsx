import type { MainNavIcon } from "./nav-items";

const PATHS: Record<MainNavIcon, string> = {
  home: "M3 10.5 12 3l9 7.5V21a1 1 0 0 1-1 1h-5v-7H9v7H4a1 1 0 0 1-1-1z",
  search: "M10.5 3a7.5 7.5 0 0 1 5.9 12.1l4.8 4.8-1.4 1.4-4.8-4.8A7.5 7.5 0 1 1 10.5 3zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11z",
  news: "M4 4h13v3h3v11a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2zm2 2v12h10V6zm12 3v9h.01V9zM8 8h6v2H8zm0 4h6v2H8z",
  notifications:
    "M12 2a6 6 0 0 1 6 6v4.6l1.7 3.4a1 1 0 0 1-.9 1.5H5.2a1 1 0 0 1-.9-1.5L6 12.6V8a6 6 0 0 1 6-6zm-2.5 17h5a2.5 2.5 0 0 1-5 0z",
  profile: "M12 3a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9zm0 11c4.4 0 8 2.2 8 5v2H4v-2c0-2.8 3.6-5 8-5z",
};

export function NavIcon({ icon }: { icon: MainNavIcon }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={PATHS[icon]} fill="currentColor" />
    </svg>
  );
}
