import { Flex, Typography, theme } from "antd";
import type { ReactNode } from "react";
import { pageTitle } from "../../config/pageTitle";
import { runtimeConfig } from "../../config/runtimeConfig";
import { LanguageSwitcher } from "../../layout/LanguageSwitcher";

/**
 * The frame of the signed-out pages: product name, language switcher and one panel.
 * A plain styled block rather than antd's Card, whose tab support would weigh on the login page.
 */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Flex vertical align="center" justify="center" gap={16} style={{ minHeight: "100vh", padding: 24, background: token.colorBgLayout }}>
      <Flex justify="space-between" align="center" gap={16} style={{ width: "100%", maxWidth: 420 }}>
        <Flex align="center" gap={8}>
          {runtimeConfig.hostLogo ? (
            // The brand of the organisation whose domain this is; the product's name stays beside it.
            <img src={runtimeConfig.hostLogo} alt="" style={{ height: 32, maxWidth: 160, objectFit: "contain" }} data-testid="host-logo" />
          ) : (
            <img src="/favicon.svg" alt="" width={28} height={28} />
          )}
          <Typography.Text strong>{pageTitle(runtimeConfig.project, runtimeConfig.providerName)}</Typography.Text>
        </Flex>
        <LanguageSwitcher />
      </Flex>
      <main
        style={{
          width: "100%",
          maxWidth: 420,
          padding: 24,
          background: token.colorBgContainer,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {title}
        </Typography.Title>
        {children}
      </main>
    </Flex>
  );
}
