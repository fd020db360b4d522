import { useEffect, useState } from "react";

/** Time left before a hold's payment time limit, for the live countdown. */
export interface TimeLeft {
  expired: boolean;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export function timeLeft(limit: string, now: number): TimeLeft {
  const remaining = Math.max(0, Date.parse(limit) - now);
  const seconds = Math.floor(remaining / 1_000);
  return {
    expired: remaining === 0,
    days: Math.floor(seconds / 86_400),
    hours: Math.floor((seconds % 86_400) / 3_600),
    minutes: Math.floor((seconds % 3_600) / 60),
    seconds: seconds % 60,
  };
}

const two = (value: number) => String(value).padStart(2, "0");

/** "1d 02:05:09", or "02:05:09" under a day. */
export function countdownText(left: TimeLeft, dayUnit = "d"): string {
  const clock = `${two(left.hours)}:${two(left.minutes)}:${two(left.seconds)}`;
  return left.days > 0 ? `${left.days}${dayUnit} ${clock}` : clock;
}

/** The time now, moving every `intervalMs`: what a live countdown is drawn from. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
