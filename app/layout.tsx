// Global styles: design tokens, base element styles and the shared form primitives; component
// styles are CSS modules next to their components. Imported first so that they come first in the
// cascade and a module's rule wins over a primitive it refines (e.g. a card with no padding).
import "./styles/tokens.css";
import "./styles/base.css";
import "./styles/forms.css";
import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { appleStartupImages, brand } from "@/lib/config";
import { Providers } from "@/components/layout/providers";
import { AppShell } from "@/components/layout/app-shell";
import { IntlWarmUp } from "@/components/layout/intl-warmup";
import { SessionProbeScript } from "@/components/layout/session-probe-script";
import { LOCALE } from "@/lib/schemas/constants";

export const metadata: Metadata = {
  title: { default: brand.name, template: `%s · ${brand.name}` },
  description: brand.description,
  applicationName: brand.name,
  manifest: "/manifest.webmanifest",
  icons: {
    icon: [
      { url: "/icons/icon.svg", type: "image/svg+xml" },
      { url: "/icons/favicon-32.png", sizes: "32x32", type: "image/png" },
      { url: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
    ],
    apple: [{ url: "/icons/apple-touch-icon.png", sizes: "180x180" }],
  },
  appleWebApp: { capable: true, title: brand.shortName, statusBarStyle: "default", startupImage: appleStartupImages },
  formatDetection: { telephone: false },
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  viewportFit: "cover",
  themeColor: brand.themeColor,
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // suppressHydrationWarning: the head's session probe may mark <html> before React hydrates it.
    <html lang={LOCALE} data-brand={brand.id} suppressHydrationWarning>
      <head>
        <SessionProbeScript />
        <IntlWarmUp />
      </head>
      <body>
        <Providers>
          <AppShell>{children}</AppShell>
        </Providers>
      </body>
    </html>
  );
}
