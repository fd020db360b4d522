// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { injectChatWidget } from "./chatWidget";

describe("injectChatWidget", () => {
  afterEach(() => document.querySelectorAll("script").forEach((script) => script.remove()));

  it("adds the script once for the NDC variant with a source", () => {
    injectChatWidget({ project: "ndc", chatWidgetSrc: "https://chat.example/widget.js" });
    injectChatWidget({ project: "ndc", chatWidgetSrc: "https://chat.example/widget.js" });
    const scripts = document.querySelectorAll("script[data-chat-widget]");
    expect(scripts).toHaveLength(1);
    expect((scripts[0] as HTMLScriptElement).src).toBe("https://chat.example/widget.js");
  });

  it("adds nothing for other variants or without a source", () => {
    injectChatWidget({ project: "aggregator", chatWidgetSrc: "https://chat.example/widget.js" });
    injectChatWidget({ project: "ndc", chatWidgetSrc: undefined });
    expect(document.querySelectorAll("script")).toHaveLength(0);
  });
});
