/** The current time. Injected so tests can move time forward (token expiry, throttling, codes). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export const secondsAfter = (time: Date, seconds: number) => new Date(time.getTime() + seconds * 1000);
