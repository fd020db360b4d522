import { useMutation } from "@tanstack/react-query";
import { Space, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { documentLinkSchema } from "../../contract/administration";
import { apiClient } from "../../providers/apiClient";

/**
 * Opens a stored document (a passport scan, a receipt) in a new tab. Documents are served only to
 * their owners: the console asks for a link signed for this user that works for a few minutes, and
 * opens that, so the address that ends up in a browser's history opens nothing later.
 */
export function DocumentLink({ url, children, testId }: { /** Where the file is served: /api/uploads/{name}. */ url: string; children: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  const open = useMutation({
    mutationFn: async () => documentLinkSchema.parse((await apiClient.get<{ data: unknown }>(`${url}/link`)).data.data),
    onSuccess: (link) => {
      const anchor = document.createElement("a");
      anchor.href = link.url;
      anchor.target = "_blank";
      anchor.rel = "noreferrer";
      anchor.click();
    },
  });
  return (
    <Space size={4}>
      <Typography.Link onClick={() => open.mutate()} disabled={open.isPending} data-testid={testId}>{children}</Typography.Link>
      {open.isError && <Typography.Text type="danger">{t("booking.ui.documentUnavailable", { message: open.error.message })}</Typography.Text>}
    </Space>
  );
}
