import { describe, expect, it } from "vitest";
import { EMPTY_PAYLOAD_SHA256, signRequest } from "./sigv4";

describe("S3 signature version 4", () => {
  it("signs AWS's published GET Object example to the published signature", () => {
    // docs.aws.amazon.com, "Signature Calculations for the Authorization Header", example GET Object.
    const headers = signRequest(
      {
        method: "GET",
        url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"),
        headers: { range: "bytes=0-9" },
        payloadSha256: EMPTY_PAYLOAD_SHA256,
        now: new Date("2013-05-24T00:00:00Z"),
      },
      { accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", region: "us-east-1" },
    );
    expect(headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
    expect(headers["x-amz-date"]).toBe("20130524T000000Z");
  });
});
