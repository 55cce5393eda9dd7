import { afterEach, beforeAll, describe, expect, test } from "@jest/globals";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import toast, { Toaster, useToasterStore } from "react-hot-toast";
import { fillBrowserGaps } from "@/lib/__tests__/fixtures/browser";
import { TOAST_KIND_BY_COLOR, notify, toastKindFor, type ToastColor } from "../notify";

describe("toast colours (docs/product.md#constants)", () => {
  beforeAll(() => {
    fillBrowserGaps();
  });

  afterEach(() => {
    act(() => toast.remove());
    cleanup();
  });

  test("colour → kind mapping", () => {
    expect(TOAST_KIND_BY_COLOR).toEqual({
      danger: "error",
      primary: "info",
      success: "success",
      warning: "warning",
      question: "question",
    });
    expect(toastKindFor("danger")).toBe("error");
    expect(toastKindFor("primary")).toBe("info");
  });

  test.each([
    ["danger", "error"],
    ["primary", "info"],
    ["success", "success"],
    ["warning", "warning"],
    ["question", "question"],
  ] as [ToastColor, string][])("%s is shown as a %s toast", async (color, kind) => {
    render(<Toaster />);
    act(() => {
      notify(color, `Mensaje ${color}`);
    });
    const bar = (await screen.findByText(`Mensaje ${color}`)).closest(".toast");
    expect(bar).not.toBeNull();
    expect(bar?.className).toContain(`toast--${kind}`);
  });

  test.each(["danger", "primary", "success", "warning", "question"] as ToastColor[])("a %s toast lasts 3000 ms", async (color) => {
    function Durations() {
      const { toasts } = useToasterStore();
      return <output data-testid="durations">{toasts.map((t) => t.duration).join(",")}</output>;
    }
    render(<Durations />);
    act(() => {
      notify(color, "Mensaje");
    });
    await waitFor(() => expect(screen.getByTestId("durations").textContent).toBe("3000"));
  });
});
