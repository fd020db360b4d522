import { createElement, Fragment, type ReactNode } from "react";
import { TOAST_TIMEOUT_MS } from "../config/constants";
import { i18n } from "../i18n/i18n";
import { requestIdOfFailure } from "./ApiRequestError";

export type ToastType = "success" | "info" | "warning" | "error";

export interface Toast {
  type: ToastType;
  message: string;
  description?: string;
  /** Defaults to the spec's time-out for the type. */
  durationMs?: number;
  key?: string;
  /** The server's id of the failed request, quoted in an error toast (found from the failure's message when not given). */
  requestId?: string;
  /** While shown, no error toast is: the notice that the session ended, whose failing requests are no news. */
  silencesErrors?: boolean;
  btn?: ReactNode;
  onClose?: () => void;
}

/** The part of antd's notification API the notifier needs. */
export interface ToastApi {
  open: (args: {
    key: string;
    type: ToastType;
    message: ReactNode;
    description?: ReactNode;
    duration: number;
    placement: "bottomRight";
    btn?: ReactNode;
    onClose: () => void;
  }) => void;
  destroy: (key?: string) => void;
}

export interface Notifier {
  show: (toast: Toast) => void;
  close: (key: string) => void;
  /** Points the notifier at the antd instance rendered inside <App> (theme and direction aware). */
  attach: (api: ToastApi) => void;
}

export function defaultToastDuration(type: ToastType): number {
  if (type === "info") return TOAST_TIMEOUT_MS.info;
  if (type === "error") return TOAST_TIMEOUT_MS.error;
  return TOAST_TIMEOUT_MS.default;
}

/** An error toast's description with the request id under it, for support to find the server's log lines. */
function withRequestId(toast: Toast, describeRequestId: (requestId: string) => string): ReactNode {
  const requestId = toast.type === "error" ? (toast.requestId ?? requestIdOfFailure(toast.description ?? toast.message)) : undefined;
  if (requestId === undefined) return toast.description;
  return createElement(Fragment, null, toast.description, createElement("div", { style: { marginTop: 4, fontSize: 12, opacity: 0.75 } }, describeRequestId(requestId)));
}

/**
 * Bottom-right toasts with a close button; a toast identical to one still open is not shown
 * again, nor an error while another error is shown. An error toast quotes the request id of the
 * failure it reports.
 */
export function createNotifier(fallback: () => Promise<ToastApi>, describeRequestId: (requestId: string) => string = (requestId) => requestId): Notifier {
  let attached: ToastApi | undefined;
  const open = new Set<string>();
  /** Spec section 8: only the first error shows, whichever part of the console reports it, until it closes. */
  const openErrors = new Set<string>();
  const api = async () => attached ?? (await fallback());
  const forget = (key: string) => {
    open.delete(key);
    openErrors.delete(key);
  };

  return {
    attach: (next) => {
      attached = next;
    },
    show: (toast) => {
      const key = toast.key ?? `${toast.type}:${toast.message}:${toast.description ?? ""}`;
      if (open.has(key) || (toast.type === "error" && openErrors.size > 0)) return;
      open.add(key);
      if (toast.type === "error" || toast.silencesErrors) openErrors.add(key);
      void api().then((target) =>
        target.open({
          key,
          type: toast.type,
          message: toast.message,
          description: withRequestId(toast, describeRequestId),
          duration: (toast.durationMs ?? defaultToastDuration(toast.type)) / 1000,
          placement: "bottomRight",
          btn: toast.btn,
          onClose: () => {
            forget(key);
            toast.onClose?.();
          },
        }),
      );
    },
    close: (key) => {
      forget(key);
      void api().then((target) => target.destroy(key));
    },
  };
}

export const notifier = createNotifier(
  async () => (await import("antd")).notification,
  // Isolated: an id keeps its order inside an Arabic sentence.
  (requestId) => i18n.t("errors.requestId", { requestId: `\u2068${requestId}\u2069` }),
);
