import { describe, expect, it, vi } from "vitest";
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
});
