import { describe, expect, it } from "vitest";
import { sniffFileKind } from "./fileKinds";

describe("sniffFileKind", () => {
  it("recognises images and PDFs by their bytes, and refuses SVG and text", () => {
    expect(sniffFileKind(Buffer.from("89504e470d0a1a0a0000", "hex"))?.contentType).toBe("image/png");
    expect(sniffFileKind(Buffer.from("ffd8ffe000104a46", "hex"))?.extension).toBe("jpg");
    expect(sniffFileKind(Buffer.from("%PDF-1.7\n"))?.extension).toBe("pdf");
    expect(sniffFileKind(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script/></svg>"))).toBeUndefined();
    expect(sniffFileKind(Buffer.from("hello"))).toBeUndefined();
  });
});
