import { TOAST_DURATION_MS } from "@/lib/query/constants";
import { withToastLibrary } from "./library";

/** The colour names the product uses for messages (docs/product.md#constants). */
export type ToastColor = "danger" | "primary" | "success" | "warning" | "question";
/** What each colour is shown as. react-hot-toast only knows error/success, so info, warning and
 * question are styled blank toasts. */
export type ToastKind = "error" | "info" | "success" | "warning" | "question";

export const TOAST_KIND_BY_COLOR: Readonly<Record<ToastColor, ToastKind>> = {
  danger: "error",
  primary: "info",
  success: "success",
  warning: "warning",
  question: "question",
};

export function toastKindFor(color: ToastColor): ToastKind {
  return TOAST_KIND_BY_COLOR[color];
}

const CUSTOM_ICONS: Readonly<Record<"info" | "warning" | "question", string>> = {
  info: "ℹ️",
  warning: "⚠️",
  question: "❓",
};

/** Shows a toast in the spec's colour once the toast library is at hand (see library.ts). */
export function notify(color: ToastColor, message: string): void {
  const kind = toastKindFor(color);
  const options = { duration: TOAST_DURATION_MS, className: `toast toast--${kind}` };
  withToastLibrary(({ toast }) => {
    switch (kind) {
      case "error":
        toast.error(message, options);
        break;
      case "success":
        toast.success(message, options);
        break;
      default:
        toast(message, { ...options, icon: CUSTOM_ICONS[kind] });
    }
  });
}
