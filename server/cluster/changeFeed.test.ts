import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { feedListeners, resilientPublishing } from "./changeFeed";

describe("the change feed's messages", () => {
  it("reach the listeners of their topic on other instances, never the sender's own; '*' reaches every listener", () => {
    const here = feedListeners();
    const pricing = vi.fn();
    const payments = vi.fn();
    here.subscribe("pricing", pricing);
    here.subscribe("payments", payments);
    const elsewhere = feedListeners();
    here.deliver(here.messageOf("pricing"));
    expect(pricing).not.toHaveBeenCalled();
    here.deliver(elsewhere.messageOf("pricing"));
    expect([pricing.mock.calls.length, payments.mock.calls.length]).toEqual([1, 0]);
    here.deliver(elsewhere.messageOf("*"));
    expect([pricing.mock.calls.length, payments.mock.calls.length]).toEqual([2, 1]);
  });
});

describe("resilientPublishing", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("never fails a publish; once the link is back, one message has everyone reload everything", async () => {
    const feed = feedListeners();
    const sent: string[] = [];
    const errors: unknown[] = [];
    let linkUp = false;
    const publishing = resilientPublishing(
      async (message) => {
        if (!linkUp) throw new Error("Redis is unreachable");
        sent.push(message);
      },
      feed,
      (error) => errors.push(error),
    );
    await expect(publishing.publish("pricing")).resolves.toBeUndefined();
    await publishing.publish("payments");
    expect(errors).toHaveLength(2);
    // Still down a second later: reported again, tried again a second after.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(errors).toHaveLength(3);
    linkUp = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent).toEqual([feed.messageOf("*")]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sent).toHaveLength(1);
    await publishing.publish("pricing");
    expect(sent.at(-1)).toBe(feed.messageOf("pricing"));
    publishing.stop();
  });

  it("stops trying once the feed is closed", async () => {
    const send = vi.fn(async () => {
      throw new Error("down");
    });
    const publishing = resilientPublishing(send, feedListeners(), () => undefined);
    await publishing.publish("pricing");
    publishing.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
