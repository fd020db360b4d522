import { describe, expect, it } from "vitest";
import { deflateSync } from "node:zlib";
import { pdfHasActiveContent, sniffFileKind } from "./fileKinds";

describe("sniffFileKind", () => {
  it("recognises images and PDFs by their bytes, and refuses SVG and text", () => {
    expect(sniffFileKind(Buffer.from("89504e470d0a1a0a0000", "hex"))?.contentType).toBe("image/png");
    expect(sniffFileKind(Buffer.from("ffd8ffe000104a46", "hex"))?.extension).toBe("jpg");
    expect(sniffFileKind(Buffer.from("%PDF-1.7\n"))?.extension).toBe("pdf");
    expect(sniffFileKind(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script/></svg>"))).toBeUndefined();
    expect(sniffFileKind(Buffer.from("hello"))).toBeUndefined();
  });
});

describe("pdfHasActiveContent", () => {
  const pdf = (...objects: string[]) => Buffer.from(`%PDF-1.7\n${objects.join("\n")}\n%%EOF`, "latin1");
  const stream = (content: string) => `4 0 obj <</Filter /FlateDecode>> stream\n${deflateSync(Buffer.from(content)).toString("latin1")}\nendstream endobj`;

  it("passes a plain document, compressed streams included", () => {
    expect(pdfHasActiveContent(pdf("1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj", stream("BT /F1 12 Tf (Passport) Tj ET")))).toBe(false);
    expect(pdfHasActiveContent(pdf("1 0 obj <</Type /Catalog /JSONish 2 0 R>> endobj"))).toBe(false);
  });

  it("finds an open action's script, a launch, and script hidden in a compressed object stream", () => {
    expect(pdfHasActiveContent(pdf("1 0 obj <</Type /Catalog /OpenAction <</S /JavaScript /JS (app.alert(1))>> >> endobj"))).toBe(true);
    expect(pdfHasActiveContent(pdf("1 0 obj <</S /Launch /F (cmd.exe)>> endobj"))).toBe(true);
    expect(pdfHasActiveContent(pdf(stream("5 0 obj <</S /JavaScript /JS 6 0 R>> endobj")))).toBe(true);
  });

  it("refuses a stream that inflates past what is checked", () => {
    expect(pdfHasActiveContent(pdf(stream("0".repeat(17 * 1024 * 1024))))).toBe(true);
  });
});
