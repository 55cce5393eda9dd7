import type { SocialProvider } from "@/lib/auth/social";

const PATHS: Record<SocialProvider, string> = {
  google:
    "M21.35 11.1H12v2.98h5.35c-.23 1.4-1.63 4.1-5.35 4.1a5.93 5.93 0 0 1 0-11.86c1.84 0 3.07.78 3.77 1.46l2.57-2.48A9.1 9.1 0 0 0 12 2.75a9.25 9.25 0 1 0 0 18.5c5.34 0 8.88-3.75 8.88-9.04 0-.6-.07-1.07-.16-1.52z",
  apple:
    "M16.37 12.62c-.02-2.3 1.88-3.4 1.96-3.46a4.23 4.23 0 0 0-3.33-1.8c-1.42-.15-2.77.83-3.49.83-.72 0-1.83-.81-3-.79a4.45 4.45 0 0 0-3.76 2.28c-1.6 2.78-.41 6.9 1.15 9.15.76 1.1 1.67 2.34 2.87 2.3 1.15-.05 1.58-.75 2.97-.75 1.38 0 1.77.75 2.98.72 1.24-.02 2.02-1.12 2.77-2.23a9.9 9.9 0 0 0 1.26-2.58 3.99 3.99 0 0 1-2.38-3.67zM14.1 5.87a3.98 3.98 0 0 0 .92-2.87 4.06 4.06 0 0 0-2.65 1.37 3.8 3.8 0 0 0-.94 2.76 3.35 3.35 0 0 0 2.67-1.26z",
};

export function ProviderIcon({ provider }: { provider: SocialProvider }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={PATHS[provider]} fill="currentColor" />
    </svg>
  );
}
