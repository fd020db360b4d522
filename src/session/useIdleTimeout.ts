import { useEffect, useRef } from "react";
import { IDLE_TIMEOUT_MS } from "../config/constants";

const ACTIVITY_EVENTS = ["click", "keydown", "mousemove"] as const;

/** Calls `onIdle` once after `timeoutMs` without a click, key press or mouse movement. */
export function useIdleTimeout(onIdle: () => void, timeoutMs: number = IDLE_TIMEOUT_MS) {
  const latestOnIdle = useRef(onIdle);
  latestOnIdle.current = onIdle;

  useEffect(() => {
    let timer = window.setTimeout(() => latestOnIdle.current(), timeoutMs);
    const restart = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => latestOnIdle.current(), timeoutMs);
    };
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, restart, { passive: true });
    return () => {
      window.clearTimeout(timer);
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, restart);
    };
  }, [timeoutMs]);
}
