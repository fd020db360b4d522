import { createHash } from "node:crypto";
import type { Plugin } from "vite";

/**
 * antd writes each component's styles at run time, on every page load: about 470 KB of CSS on a
 * list page, generated, inserted and parsed while the page renders. Built once into a stylesheet
 * instead, with antd's cache-path map, antd finds them there and writes only what the file lacks.
 */
export function antdStylesheet(): Plugin {
  let fileName = "";
  return {
    name: "antd-stylesheet",
    apply: "build",
    async generateBundle() {
      // Loaded here, not with the configuration: antd and React are needed by the build only, not by vitest.
      const { antdStyles } = await import("./antdStyles");
      const css = antdStyles();
      fileName = `assets/antd-${createHash("sha256").update(css).digest("hex").slice(0, 10)}.css`;
      this.emitFile({ type: "asset", fileName, source: css });
    },
    transformIndexHtml: {
      order: "post",
      handler: () => [{ tag: "link", attrs: { rel: "stylesheet", href: `/${fileName}` }, injectTo: "head-prepend" }],
    },
  };
}
