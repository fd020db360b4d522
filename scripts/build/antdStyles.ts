import { extractStyle } from "@ant-design/static-style-extract";
import { App, ConfigProvider, Drawer, Layout, message, Modal, notification, Popconfirm, Popover, Tag, Tooltip } from "antd";
import { createElement, Fragment, type ReactElement } from "react";
import { ACCESSIBLE_THEME } from "../../src/config/theme";

/**
 * What the extractor's one default instance of each component leaves out: components drawn in a
 * portal (their panels are drawn instead), the layout's sider, and the status colours of tags.
 */
const ALSO_DRAWN = [
  () => createElement(Layout.Sider),
  () => createElement(Tag, { color: "success" }),
  Tooltip._InternalPanelDoNotUseOrYouWillBeFired,
  Popover._InternalPanelDoNotUseOrYouWillBeFired,
  Popconfirm._InternalPanelDoNotUseOrYouWillBeFired,
  Modal._InternalPanelDoNotUseOrYouWillBeFired,
  Drawer._InternalPanelDoNotUseOrYouWillBeFired,
  notification._InternalPanelDoNotUseOrYouWillBeFired,
  message._InternalPanelDoNotUseOrYouWillBeFired,
];

/** Every antd component's styles under the console's theme, with the map that tells antd they are already here. */
export function antdStyles(): string {
  return extractStyle((node: ReactElement) =>
    createElement(
      ConfigProvider,
      { theme: ACCESSIBLE_THEME },
      createElement(App, null, node, ...ALSO_DRAWN.map((Drawn, index) => createElement(Fragment, { key: index }, createElement(Drawn as () => ReactElement)))),
    ),
  );
}
