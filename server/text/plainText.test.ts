import { describe, expect, it } from "vitest";
import { plainText } from "./plainText";

describe("plainText", () => {
  it("drops tags, reads character references and folds spaces", () => {
    expect(plainText("<p>Umrah in Ramadan: what&#8217;s new&nbsp;&amp; what&#x2019;s not</p>\n<p>[&hellip;]</p>")).toBe("Umrah in Ramadan: what’s new & what’s not […]");
  });

  it("never turns a written angle bracket into a tag, and keeps an unknown reference as written", () => {
    expect(plainText("a &lt;b&gt; c &unknown; d &#0;")).toBe("a <b> c &unknown; d &#0;");
  });
});
