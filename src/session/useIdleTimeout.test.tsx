// @vitest-environment jsdom
import { renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useIdleTimeout } from "./useIdleTimeout";

describe("useIdleTimeout", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("fires after 300000 ms of inactivity, and activity restarts the clock", () => {
    const onIdle = vi.fn();
    renderHook(() => useIdleTimeout(onIdle));
    vi.advanceTimersByTime(299_000);
    window.dispatchEvent(new MouseEvent("mousemove"));
    vi.advanceTimersByTime(299_000);
    window.dispatchEvent(new KeyboardEvent("keydown"));
    vi.advanceTimersByTime(299_999);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });
});
