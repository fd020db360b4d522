import { Writable } from "node:stream";
import { expect, it } from "vitest";
import { describeEachDatabase } from "./harness";

const lines: Record<string, unknown>[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString("utf8").split("\n").filter((text) => text !== "")) lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});

describeEachDatabase(
  "the request log",
  (server) => {
    it("writes one line per request, on its answer, with the request's id, what was asked and how it went", async () => {
      lines.length = 0;
      const client = server.client();
      await client.get("/api/auth");
      await client.post("/api/get-settings", {});
      const requestLines = lines.filter((line) => "reqId" in line && typeof line.url === "string");
      expect(requestLines.map((line) => [line.msg, line.method, line.url, line.statusCode])).toEqual([
        ["request answered", "GET", "/api/auth", 401],
        ["request answered", "POST", "/api/get-settings", 401],
      ]);
      expect(requestLines.every((line) => typeof line.reqId === "string" && (line.reqId as string).length > 0 && typeof line.responseTime === "number")).toBe(true);
      expect(lines.some((line) => line.msg === "incoming request" || line.msg === "request completed")).toBe(false);
    });
  },
  { app: { logger: { level: "info", stream } } },
);
