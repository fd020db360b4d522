import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { chooseEncoding, precompressJson } from "./precompressedJson";

describe("chooseEncoding", () => {
  it("prefers brotli, then gzip", () => {
    expect(chooseEncoding("gzip, deflate, br")).toBe("br");
    expect(chooseEncoding("gzip, deflate")).toBe("gzip");
  });

  it("honours q=0 and the wildcard", () => {
    expect(chooseEncoding("br;q=0, gzip")).toBe("gzip");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("*;q=0, gzip;q=0.5")).toBe("gzip");
  });

  it("sends plain JSON when nothing is accepted", () => {
    expect(chooseEncoding(undefined)).toBe("identity");
    expect(chooseEncoding("identity")).toBe("identity");
  });
});

describe("precompressJson", () => {
  it("holds the same JSON in each encoding, with a stable ETag", async () => {
    const value = { list: Array.from({ length: 200 }, (_unused, index) => ({ index, name: `item ${index}` })) };
    const first = await precompressJson(value);
    expect(JSON.parse(first.bodies.identity.toString())).toEqual(value);
    expect(JSON.parse(gunzipSync(first.bodies.gzip).toString())).toEqual(value);
    expect(JSON.parse(brotliDecompressSync(first.bodies.br).toString())).toEqual(value);
    expect(first.bodies.gzip.length).toBeLessThan(first.bodies.identity.length);
    expect((await precompressJson(value)).etag).toBe(first.etag);
  });
});
