import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { antdStylesheet } from "./scripts/build/antdStylesheet";
import { LongFirstSequencer } from "./tests/api/longFirst";

const apiPort = process.env.API_PORT ?? "5000";

/** The unified (remark / micromark) packages behind react-markdown: plain functions, no side effects on import. */
const MARKDOWN_PACKAGES =
  /node_modules\/(react-markdown|micromark[^/]*|mdast-[^/]+|hast-[^/]+|unist-[^/]+|unified|vfile[^/]*|property-information|remark-[^/]+|devlop|bail|trough|is-plain-obj|decode-named-character-reference|character-entities[^/]*|comma-separated-tokens|space-separated-tokens|style-to-[^/]+|inline-style-parser|html-url-attributes|estree-util-[^/]+|zwitch|ccount|longest-streak|trim-lines|extend)\//;

export default defineConfig({
  plugins: [react(), antdStylesheet()],
  build: {
    outDir: "dist",
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // The spec's console logs nothing in production (errors still go to /api/error_capture_logs).
      output: { minify: { compress: { dropConsole: true } } },
      // Refine's antd package imports a markdown renderer (for a field the console never shows) whose
      // packages do not declare themselves free of side effects: said here, so an unused one is dropped.
      treeshake: { moduleSideEffects: [{ test: MARKDOWN_PACKAGES, sideEffects: false }] },
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
      "/app-config.js": { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
    },
  },
  test: {
    sequence: { sequencer: LongFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["src/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // As the browser suite does in CI: a test that fails once under a loaded machine is run again, and reported flaky.
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});
