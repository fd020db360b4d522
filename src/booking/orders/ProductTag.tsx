import { CompassOutlined, HomeOutlined, SafetyCertificateOutlined, SendOutlined } from "@ant-design/icons";
import { Space, Tag } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { OrderItem } from "../../contract/orders";
import type { ProductKind } from "../../contract/products";

const LOOK: Partial<Record<ProductKind, { icon: ReactNode; color: string }>> = {
  flight: { icon: <SendOutlined />, color: "geekblue" },
  hotel: { icon: <HomeOutlined />, color: "purple" },
  activity: { icon: <CompassOutlined />, color: "orange" },
  insurance: { icon: <SafetyCertificateOutlined />, color: "cyan" },
};

/** One tag per product an order holds, each with its icon. */
export function ProductTags({ items }: { items: readonly OrderItem[] }) {
  const { t } = useTranslation();
  const kinds = [...new Set(items.map((item) => item.kind))];
  return (
    <Space size={2} wrap>
      {kinds.map((kind) => (
        <Tag key={kind} icon={LOOK[kind]?.icon} color={LOOK[kind]?.color} data-testid={`product-${kind}`}>
          {t(`booking.orders.products.${kind}`)}
        </Tag>
      ))}
    </Space>
  );
}
