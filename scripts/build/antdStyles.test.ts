import { describe, expect, it } from "vitest";
import { antdStyles } from "./antdStyles";

describe("antdStyles", () => {
  it("holds every component's styles under the console's theme, and the map that tells antd they are here", () => {
    const css = antdStyles();
    expect(css).toMatch(/\.data-ant-cssinjs-cache-path\{content:"[^"]*Button[^"]*"/);
    // The theme's primary (darker than antd's default blue, for contrast), on the primary button.
    expect(css).toMatch(/\.ant-btn-variant-solid[^}]*#0958d9/);
    for (const component of ["ant-table", "ant-menu", "ant-select", "ant-tooltip", "ant-popconfirm", "ant-notification", "ant-layout-sider", "ant-tag-success"]) {
      expect(css, component).toContain(`.${component}`);
    }
  });
});
