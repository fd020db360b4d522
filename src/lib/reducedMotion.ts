import { useSyncExternalStore } from "react";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function subscribe(listener: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener("change", listener);
  return () => query.removeEventListener("change", listener);
}

/** Whether the user asked their system for less motion (WCAG 2.3.3); followed live. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(REDUCED_MOTION).matches, () => false);
}

/** A chart's `animate`: G2 animates its marks in unless the user asked for less motion. */
export const useChartAnimate = (): false | undefined => (usePrefersReducedMotion() ? false : undefined);
