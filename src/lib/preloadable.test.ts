import { createElement, Suspense } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { preloadable } from "./preloadable";

const Greeting = ({ name }: { name: string }) => createElement("p", null, `Hello ${name}`);

describe("preloadable", () => {
  it("renders at once, without its fallback, once preloaded, and loads the code once", async () => {
    let loads = 0;
    const Page = preloadable(async () => {
      loads += 1;
      return Greeting;
    });
    const page = createElement(Suspense, { fallback: "loading" }, createElement(Page, { name: "Amal" }));
    expect(renderToString(page)).toContain("loading");
    await Page.preload();
    await Page.preload();
    const preloaded = renderToString(page);
    expect(preloaded).toContain("<p>Hello Amal</p>");
    expect(preloaded).not.toContain("loading");
    expect(loads).toBe(1);
  });

  it("asks for the code again after a failed load", async () => {
    let attempts = 0;
    const Page = preloadable(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error("chunk not found");
      return Greeting;
    });
    await expect(Page.preload()).rejects.toThrow("chunk not found");
    await Page.preload();
    expect(renderToString(createElement(Page, { name: "Omar" }))).toBe("<p>Hello Omar</p>");
    expect(attempts).toBe(2);
  });
});
