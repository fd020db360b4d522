import { describe, expect, it, vi } from "vitest";
import { isValidElement, type ReactElement } from "react";
import { ApiRequestError } from "./ApiRequestError";
import { createNotifier, type ToastApi } from "./notifier";

function fakeApi() {
  const opened: Parameters<ToastApi["open"]>[0][] = [];
  const api: ToastApi = { open: (args) => opened.push(args), destroy: vi.fn() };
  return { api, opened };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("notifier", () => {
  it("shows a toast bottom right with the spec's time-out per type", async () => {
    const { api, opened } = fakeApi();
    const notifier = createNotifier(async () => api);
    notifier.show({ type: "info", message: "Saved" });
    notifier.show({ type: "error", message: "Failed" });
    notifier.show({ type: "success", message: "Done" });
    await flush();
    expect(opened.map((toast) => [toast.placement, toast.duration])).toEqual([
      ["bottomRight", 2],
      ["bottomRight", 3],
      ["bottomRight", 10],
    ]);
  });

  it("does not duplicate a toast that is still open, and shows it again once closed", async () => {
    const { api, opened } = fakeApi();
    const notifier = createNotifier(async () => api);
    notifier.show({ type: "error", message: "Oops", description: "Try again" });
    notifier.show({ type: "error", message: "Oops", description: "Try again" });
    await flush();
    expect(opened).toHaveLength(1);
    opened[0]?.onClose();
    notifier.show({ type: "error", message: "Oops", description: "Try again" });
    await flush();
    expect(opened).toHaveLength(2);
  });

  it("prefers the attached instance over the fallback", async () => {
    const fallback = fakeApi();
    const attached = fakeApi();
    const notifier = createNotifier(async () => fallback.api);
    notifier.attach(attached.api);
    notifier.show({ type: "warning", message: "Careful" });
    await flush();
    expect(attached.opened).toHaveLength(1);
    expect(fallback.opened).toHaveLength(0);
  });

  it("quotes the request id of the failure an error toast reports, given or found by the failure's message", async () => {
    const { api, opened } = fakeApi();
    const notifier = createNotifier(async () => api, (requestId) => `Request id: ${requestId}`);
    new ApiRequestError({ statusCode: 500, code: "internal", message: "The booking could not be saved.", requestId: "req-4711" });
    // One error shows at a time: each is closed before the next.
    for (const toast of [
      { type: "error", message: "Error (status code: 500)", description: "The booking could not be saved." },
      { type: "error", message: "Signed out", requestId: "req-0815" },
      { type: "error", message: "No id", description: "Nothing to quote" },
      { type: "info", message: "Saved", description: "The booking could not be saved." },
    ] as const) {
      notifier.show(toast);
      await flush();
      opened.at(-1)?.onClose();
    }
    const lines = (description: unknown): unknown[] =>
      isValidElement(description) ? [(description as ReactElement<{ children: unknown[] }>).props.children].flat().flatMap(lines) : [description];
    expect(opened.map((toast) => lines(toast.description).filter((line) => line !== undefined))).toEqual([
      ["The booking could not be saved.", "Request id: req-4711"],
      ["Request id: req-0815"],
      ["Nothing to quote"],
      ["The booking could not be saved."],
    ]);
  });

  it("shows only the first error until it closes, whoever reports the later ones", async () => {
    const { api, opened } = fakeApi();
    const notifier = createNotifier(async () => api);
    notifier.show({ type: "error", message: "Error (status code: 500)", description: "The list could not be loaded." });
    notifier.show({ type: "error", message: "Something bad happened." });
    notifier.show({ type: "info", message: "Saved" });
    await flush();
    expect(opened.map((toast) => toast.message)).toEqual(["Error (status code: 500)", "Saved"]);
    opened[0]?.onClose();
    notifier.show({ type: "error", message: "Something bad happened." });
    await flush();
    expect(opened.map((toast) => toast.message)).toEqual(["Error (status code: 500)", "Saved", "Something bad happened."]);
  });

  it("shows no error while the notice that the session ended is shown", async () => {
    const { api, opened } = fakeApi();
    const notifier = createNotifier(async () => api);
    notifier.show({ type: "info", message: "Session expired", silencesErrors: true });
    notifier.show({ type: "error", message: "Error (status code: 401)" });
    await flush();
    expect(opened.map((toast) => toast.message)).toEqual(["Session expired"]);
  });
});
