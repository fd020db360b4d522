import { DownOutlined, LogoutOutlined, MenuOutlined, UserOutlined } from "@ant-design/icons";
import { useThemedLayoutContext } from "@refinedev/antd";
import { useGetIdentity, useLogout } from "@refinedev/core";
import { Avatar, Button, Dropdown, Flex, Grid, Layout, theme } from "antd";
import { useTranslation } from "react-i18next";
import type { ConsoleIdentity } from "../providers/authProvider";
import { useGlobalLoading } from "../providers/globalLoading";
import { CurrencySelector } from "./CurrencySelector";
import { LanguageSwitcher } from "./LanguageSwitcher";

export function ConsoleHeader() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { data: identity } = useGetIdentity<ConsoleIdentity>();
  const { mutate: logout } = useLogout();
  const loading = useGlobalLoading();
  const { mobileSiderOpen, setMobileSiderOpen } = useThemedLayoutContext();
  // The sider turns into a drawer below the lg breakpoint (Refine's rule): its button sits here, in the header, not over the page.
  const narrow = Grid.useBreakpoint().lg === false;

  return (
    <Layout.Header
      style={{
        position: "sticky",
        top: 0,
        zIndex: 10,
        height: 64,
        paddingInline: narrow ? 8 : 24,
        background: token.colorBgElevated,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      {loading && (
        <div
          role="progressbar"
          aria-label={t("header.busy")}
          data-testid="global-loading"
          style={{ position: "absolute", insetInline: 0, top: 0, height: 3, background: token.colorPrimary }}
        />
      )}
      <Flex align="center" justify="flex-end" gap={narrow ? 8 : 16} style={{ height: "100%" }}>
        {narrow && (
          <Button
            type="text"
            icon={<MenuOutlined />}
            aria-label={t("header.openMenu")}
            aria-expanded={mobileSiderOpen}
            data-testid="open-menu"
            onClick={() => setMobileSiderOpen(true)}
            style={{ marginInlineEnd: "auto" }}
          />
        )}
        <CurrencySelector />
        <LanguageSwitcher />
        <Dropdown
          trigger={["click"]}
          // Inside the sticky header, the menu stays under its button while the page scrolls or is still laying out.
          getPopupContainer={(button) => button.parentElement ?? document.body}
          menu={{
            items: [
              {
                key: "sign-out",
                icon: <LogoutOutlined />,
                label: <span data-testid="sign-out">{t("header.signOut")}</span>,
                onClick: () => logout(),
              },
            ],
          }}
        >
          <Button type="text" data-testid="user-menu" aria-label={identity ? t("header.accountOf", { name: identity.user.username }) : t("header.account")}>
            <Avatar size="small" icon={<UserOutlined />} src={identity?.user.profile_image ?? undefined} />
            {/* The account button keeps its name on a phone; the username shown beside the avatar would not fit. */}
            {!narrow && <span data-testid="header-username">{identity?.user.username}</span>}
            <DownOutlined />
          </Button>
        </Dropdown>
      </Flex>
    </Layout.Header>
  );
}
