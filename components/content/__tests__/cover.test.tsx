import { afterEach, describe, expect, test } from "@jest/globals";
import { cleanup, render } from "@testing-library/react";
import { Cover, Thumb } from "../cover";

// The pictures a phone downloads: a stored content picture offers all its stored widths, so a
// card thumbnail does not pull the 960 px file; the cover reserves its box before it arrives.

const stored = "/uploads/event/0b7a3c9e-5d7f-4a59-9d1e-2c0f7d6b8a11/960.webp";

afterEach(cleanup);

describe("Cover and Thumb", () => {
  test("a stored picture offers its 480, 960 and 1600 px files", () => {
    const { container } = render(<Thumb src={stored} title="Concierto" />);
    const img = container.querySelector("img")!;
    expect(img.getAttribute("srcset")).toBe(
      "/uploads/event/0b7a3c9e-5d7f-4a59-9d1e-2c0f7d6b8a11/480.webp 480w, " +
        "/uploads/event/0b7a3c9e-5d7f-4a59-9d1e-2c0f7d6b8a11/960.webp 960w, " +
        "/uploads/event/0b7a3c9e-5d7f-4a59-9d1e-2c0f7d6b8a11/1600.webp 1600w",
    );
    expect(img.getAttribute("sizes")).toBe("96px");
  });

  test("the cover has its size before it loads and is fetched first", () => {
    const { container } = render(<Cover src={stored} title="Concierto" />);
    const img = container.querySelector("img")!;
    expect(img.getAttribute("width")).toBe("960");
    expect(img.getAttribute("height")).toBe("540");
    expect(img.getAttribute("fetchpriority")).toBe("high");
    expect(img.getAttribute("srcset")).toContain("1600.webp 1600w");
  });

  test("the cover draws its picture's small file under it only when the page already downloaded that file", () => {
    const small = `${window.location.origin}/uploads/event/0b7a3c9e-5d7f-4a59-9d1e-2c0f7d6b8a11/480.webp`;
    const downloaded = new Set<string>();
    // Resource Timing, which jsdom lacks: what the browser would list as downloaded by this page.
    Object.defineProperty(performance, "getEntriesByName", { configurable: true, value: (name: string) => (downloaded.has(name) ? [{ name }] : []) });
    try {
      const first = render(<Cover src={stored} title="Concierto" />).container.querySelector("img")!;
      expect(first.style.backgroundImage).toBe("");
      cleanup();

      downloaded.add(small);
      const second = render(<Cover src={stored} title="Concierto" />).container.querySelector("img")!;
      expect(second.style.backgroundImage).toBe('url("/uploads/event/0b7a3c9e-5d7f-4a59-9d1e-2c0f7d6b8a11/480.webp")');
    } finally {
      delete (performance as { getEntriesByName?: unknown }).getEntriesByName;
    }
  });

  test("a picture from elsewhere is shown as it is, with no invented files", () => {
    const { container } = render(<Cover src="https://example.org/foto.jpg" title="Concierto" />);
    const img = container.querySelector("img")!;
    expect(img.getAttribute("src")).toBe("https://example.org/foto.jpg");
    expect(img.hasAttribute("srcset")).toBe(false);
  });
});
