import { afterEach, describe, expect, test } from "@jest/globals";
import { cleanup, fireEvent, render, waitFor } from "@testing-library/react";
import { Cover, Thumb } from "../cover";

// The pictures a phone downloads: a stored content picture offers all its stored widths, so a
// card thumbnail does not pull the 960 px file; the cover reserves its box before it arrives.

const stored = "/uploads/event/0b7a3c9e-5d7f-4a59-9d1e-2c0f7d6b8a11/960.webp";

afterEach(cleanup);

/** A card's thumbnail of `src` drew its `width` px file (a phone's thumbnail picks the 480 one from the set). */
function thumbnailDrew(src: string, width: number) {
  const thumb = render(<Thumb src={src} title="Concierto" />).container.querySelector("img")!;
  Object.defineProperty(thumb, "currentSrc", { value: `${window.location.origin}${src.replace(/\d+\.webp$/, `${width}.webp`)}` });
  fireEvent.load(thumb);
}

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

  test("the cover draws under it the file of its picture a thumbnail drew on this page, until its own is drawn", async () => {
    const before = render(<Cover src={stored} title="Concierto" />).container.querySelector("img")!;
    expect(before.style.backgroundImage).toBe("");
    cleanup();

    thumbnailDrew(stored, 480);

    const cover = render(<Cover src={stored} title="Concierto" />).container.querySelector("img")!;
    expect(cover.style.backgroundImage).toBe('url("/uploads/event/0b7a3c9e-5d7f-4a59-9d1e-2c0f7d6b8a11/480.webp")');
    // Arrived is not drawn yet: the backdrop stays until the file is decoded.
    let decoded = () => {};
    cover.decode = () => new Promise<void>((resolve) => (decoded = resolve));
    fireEvent.load(cover);
    expect(cover.style.backgroundImage).not.toBe("");
    decoded();
    await waitFor(() => expect(cover.style.backgroundImage).toBe(""));
    // Another picture drew nothing here.
    const other = render(<Cover src="/uploads/event/1c8b4d0f-6e80-4b6a-8e0f-3d1f8e7c9b22/960.webp" title="Taller" />).container.querySelector("img")!;
    expect(other.style.backgroundImage).toBe("");
  });

  test("a cover whose file arrived but cannot be decoded drops the backdrop too: the picture shows as broken, not as the thumbnail", async () => {
    thumbnailDrew(stored, 480);

    const cover = render(<Cover src={stored} title="Concierto" />).container.querySelector("img")!;
    expect(cover.style.backgroundImage).not.toBe("");
    cover.decode = () => Promise.reject(new DOMException("The source image cannot be decoded.", "EncodingError"));
    fireEvent.load(cover);
    // The rejection is seen after the arrival, as a decode's end would be.
    expect(cover.style.backgroundImage).not.toBe("");
    await waitFor(() => expect(cover.style.backgroundImage).toBe(""));
  });

  test("a backdrop gone stays gone when the page draws the cover again after a larger file of its picture was drawn", async () => {
    // A picture of its own: what earlier tests noted as drawn stays noted for the page's life.
    const picture = "/uploads/event/2e4d6f80-7a91-4c3b-9d2e-4f6a8b0c1d33";
    thumbnailDrew(`${picture}/960.webp`, 480);
    const { container, rerender } = render(<Cover src={`${picture}/960.webp`} title="Feria" />);
    const cover = container.querySelector("img")!;
    expect(cover.style.backgroundImage).toBe(`url("${picture}/480.webp")`);
    cover.decode = () => Promise.resolve();
    fireEvent.load(cover);
    await waitFor(() => expect(cover.style.backgroundImage).toBe(""));

    thumbnailDrew(`${picture}/960.webp`, 960);
    rerender(<Cover src={`${picture}/960.webp`} title="Feria de invierno" />);
    expect(container.querySelector("img")).toBe(cover);
    expect(cover.style.backgroundImage).toBe("");
  });

  test("in a browser without decode() the backdrop goes when the cover's file arrives", () => {
    thumbnailDrew(stored, 480);

    const cover = render(<Cover src={stored} title="Concierto" />).container.querySelector("img")!;
    expect(cover.style.backgroundImage).not.toBe("");
    expect("decode" in cover).toBe(false);
    fireEvent.load(cover);
    expect(cover.style.backgroundImage).toBe("");
  });

  test("a picture from elsewhere is shown as it is, with no invented files", () => {
    const { container } = render(<Cover src="https://example.org/foto.jpg" title="Concierto" />);
    const img = container.querySelector("img")!;
    expect(img.getAttribute("src")).toBe("https://example.org/foto.jpg");
    expect(img.hasAttribute("srcset")).toBe(false);
  });
});
