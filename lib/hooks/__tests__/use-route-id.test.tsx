import { beforeEach, describe, expect, jest, test } from "@jest/globals";
import { TextDecoder, TextEncoder } from "node:util";
import { cleanup, render, screen } from "@testing-library/react";

Object.assign(globalThis, { TextEncoder, TextDecoder });

let pathname = "/events/abc-123/";
jest.mock("next/navigation", () => ({ usePathname: () => pathname }));

async function probe() {
  const { useRouteId } = await import("../use-route-id");
  return function Probe() {
    const id = useRouteId("/events/[eventId]");
    return <p data-testid="id">{id ?? "(cargando)"}</p>;
  };
}

describe("useRouteId", () => {
  beforeEach(() => {
    cleanup();
    pathname = "/events/abc-123/";
  });

  test("is null while prerendering, so the exported HTML never holds an id", async () => {
    const Probe = await probe();
    const { renderToString } = await import("react-dom/server");
    expect(renderToString(<Probe />)).toContain("(cargando)");
  });

  test("reads the real id from the URL once mounted", async () => {
    const Probe = await probe();
    render(<Probe />);
    expect(screen.getByTestId("id").textContent).toBe("abc-123");
  });

  test("decodes special characters", async () => {
    pathname = "/events/caf%C3%A9%20%26%20m%C3%A1s/";
    const Probe = await probe();
    render(<Probe />);
    expect(screen.getByTestId("id").textContent).toBe("café & más");
  });

  test("follows client navigation to another id", async () => {
    const Probe = await probe();
    const view = render(<Probe />);
    pathname = "/events/otro/";
    view.rerender(<Probe />);
    expect(screen.getByTestId("id").textContent).toBe("otro");
  });

  test("a path of another route gives null", async () => {
    pathname = "/events/create/";
    const Probe = await probe();
    render(<Probe />);
    expect(screen.getByTestId("id").textContent).toBe("(cargando)");
  });
});
