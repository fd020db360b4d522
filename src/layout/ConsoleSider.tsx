import { LeftOutlined, RightOutlined, UnorderedListOutlined } from "@ant-design/icons";
import { ThemedTitle, useThemedLayoutContext } from "@refinedev/antd";
import { useGetIdentity, useMenu, type TreeMenuItem } from "@refinedev/core";
import { Button, ConfigProvider, Drawer, Grid, Layout, Menu, Switch, theme, type GlobalToken, type MenuProps } from "antd";
import { useContext, useMemo, type CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DEFAULT_FAVICON } from "../config/favicon";
import { pageTitle } from "../config/pageTitle";
import { runtimeConfig } from "../config/runtimeConfig";
import { useStore } from "../lib/createStore";
import { isHeadOfficeAdmin } from "../providers/accessControlProvider";
import type { ConsoleIdentity } from "../providers/authProvider";
import { readMenuPermissions } from "../providers/menuPermissionStorage";
import { setupStore } from "../state/setupStore";
import { permittedMenu } from "./permittedMenu";

const SIDER_WIDTH = 200;
const COLLAPSED_WIDTH = 80;
const TITLE_HEIGHT = 64;

/** Long section names wrap onto a second line instead of being cut off ("Setup & Config…"), in the sider and in the phone's drawer (rendered apart, in a portal). */
const SIDER_STYLE = `
:is([data-console-sider], .ant-drawer .ant-layout-sider) .ant-menu-inline :is(.ant-menu-item, .ant-menu-submenu-title) { height: auto; min-height: 40px; line-height: 1.35; padding-block: 9px; }
:is([data-console-sider], .ant-drawer .ant-layout-sider) .ant-menu-inline .ant-menu-title-content { white-space: normal; overflow-wrap: anywhere; }
`;

type MenuEntry = NonNullable<MenuProps["items"]>[number];

/** The sider's surface, the same in the drawer and fixed beside the page. */
const siderSurface = (token: GlobalToken): CSSProperties => ({ height: "100vh", backgroundColor: token.colorBgContainer, borderRight: `1px solid ${token.colorBgElevated}` });

function menuEntries(tree: readonly TreeMenuItem[], selectedKey: string, collapsed: boolean): MenuEntry[] {
  return tree.map((item) => {
    const label = item.label ?? item.meta?.label ?? item.name;
    if (item.children.length > 0) {
      return { key: item.key, icon: item.meta?.icon ?? <UnorderedListOutlined />, label, children: menuEntries(item.children, selectedKey, collapsed) };
    }
    const isRoute = item.meta?.parent === undefined;
    return {
      key: item.key,
      icon: item.meta?.icon ?? (isRoute ? <UnorderedListOutlined /> : undefined),
      label: (
        <>
          <Link to={item.route ?? ""}>{label}</Link>
          {!collapsed && item.key === selectedKey && <div className="ant-menu-tree-arrow" />}
        </>
      ),
    };
  });
}

/**
 * The permitted sections, then the developer-mode switch (spec 'Setup: devMode'). Permissions are
 * decided for the whole tree at once from the stored menu permissions and the identity, instead of a
 * permission query and a resource lookup per entry (Refine's ThemedSider), which cost more than
 * drawing a page of a list.
 */
function SiderMenu() {
  const { t } = useTranslation();
  const { devMode } = useStore(setupStore);
  const { siderCollapsed, setMobileSiderOpen } = useThemedLayoutContext();
  const { menuItems, selectedKey, defaultOpenKeys } = useMenu();
  const { data: identity } = useGetIdentity<ConsoleIdentity>();
  const headOfficeAdmin = isHeadOfficeAdmin(identity);
  const items = useMemo(() => {
    const permitted = permittedMenu(menuItems, { permissions: readMenuPermissions(), headOfficeAdmin });
    const devModeEntry: MenuEntry = {
      key: "dev-mode",
      icon: <Switch size="small" checked={devMode} aria-label={t("menu.devMode")} data-testid="dev-mode-toggle" />,
      label: t("menu.devMode"),
      onClick: () => setupStore.set((setup) => ({ ...setup, devMode: !setup.devMode })),
    };
    return [...menuEntries(permitted, selectedKey, siderCollapsed), devModeEntry];
  }, [menuItems, headOfficeAdmin, selectedKey, siderCollapsed, devMode, t]);
  return (
    <Menu
      items={items}
      selectedKeys={selectedKey ? [selectedKey] : []}
      defaultOpenKeys={defaultOpenKeys}
      mode="inline"
      style={{ paddingTop: 8, border: "none", overflow: "auto", height: `calc(100% - ${TITLE_HEIGHT + 8}px)` }}
      onClick={() => setMobileSiderOpen(false)}
    />
  );
}

function ConsoleTitle({ collapsed }: { collapsed: boolean }) {
  const { token } = theme.useToken();
  const { data: identity } = useGetIdentity<ConsoleIdentity>();
  // The user's organisation's own logo, where it uploaded one; the product's mark otherwise.
  const logo = identity?.organisation.image_website;
  const style: CSSProperties = {
    width: collapsed ? COLLAPSED_WIDTH : SIDER_WIDTH,
    padding: collapsed ? 0 : "0 16px",
    display: "flex",
    justifyContent: collapsed ? "center" : "flex-start",
    alignItems: "center",
    height: TITLE_HEIGHT,
    backgroundColor: token.colorBgElevated,
    fontSize: 14,
  };
  return (
    <div style={style}>
      {logo ? (
        // An organisation's logo carries its own name: it stands alone, as wide as the sider allows.
        <Link to="/dashboard" style={{ display: "flex", alignItems: "center" }}>
          <img src={logo} alt={identity?.organisation.name ?? ""} style={{ height: 32, maxWidth: collapsed ? COLLAPSED_WIDTH - 16 : SIDER_WIDTH - 32, objectFit: "contain" }} data-testid="organisation-logo" />
        </Link>
      ) : (
        <ThemedTitle collapsed={collapsed} text={pageTitle(runtimeConfig.project, runtimeConfig.providerName)} icon={<img src={DEFAULT_FAVICON} alt="" width={24} height={24} />} />
      )}
    </div>
  );
}

/** Below the lg breakpoint the sider is a drawer, opened by the header's menu button. */
function DrawerSider() {
  const { token } = theme.useToken();
  const { mobileSiderOpen, setMobileSiderOpen } = useThemedLayoutContext();
  const direction = useContext(ConfigProvider.ConfigContext).direction;
  return (
    <Drawer
      open={mobileSiderOpen}
      onClose={() => setMobileSiderOpen(false)}
      placement={direction === "rtl" ? "right" : "left"}
      closable={false}
      width={SIDER_WIDTH}
      styles={{ body: { padding: 0 } }}
    >
      <Layout>
        <Layout.Sider style={siderSurface(token)}>
          <ConsoleTitle collapsed={false} />
          <SiderMenu />
        </Layout.Sider>
      </Layout>
    </Drawer>
  );
}

/** The fixed sider, collapsed to icons by its trigger (remembered as 'Setup: minisidebar'). */
function FixedSider() {
  const { token } = theme.useToken();
  const { siderCollapsed, setSiderCollapsed } = useThemedLayoutContext();
  const rtl = useContext(ConfigProvider.ConfigContext).direction === "rtl";
  // The trigger points the way the sider will move: towards the page's start edge to collapse it.
  const pointsLeft = siderCollapsed ? rtl : !rtl;
  const TriggerIcon = pointsLeft ? LeftOutlined : RightOutlined;
  const width = siderCollapsed ? COLLAPSED_WIDTH : SIDER_WIDTH;
  return (
    <>
      <div style={{ width, transition: "all 0.2s" }} />
      <Layout.Sider
        style={{ ...siderSurface(token), position: "fixed", top: 0, zIndex: 999 }}
        collapsible
        collapsed={siderCollapsed}
        onCollapse={(collapsed, type) => {
          if (type === "clickTrigger") setSiderCollapsed(collapsed);
        }}
        collapsedWidth={COLLAPSED_WIDTH}
        breakpoint="lg"
        trigger={
          <Button type="text" style={{ borderRadius: 0, height: "100%", width: "100%", backgroundColor: token.colorBgElevated }}>
            <TriggerIcon style={{ color: token.colorPrimary }} />
          </Button>
        }
      >
        <ConsoleTitle collapsed={siderCollapsed} />
        <SiderMenu />
      </Layout.Sider>
    </>
  );
}

export function ConsoleSider() {
  const narrow = Grid.useBreakpoint().lg === false;
  return (
    <div data-console-sider style={{ display: "contents" }}>
      <style>{SIDER_STYLE}</style>
      {narrow ? <DrawerSider /> : <FixedSider />}
    </div>
  );
}
