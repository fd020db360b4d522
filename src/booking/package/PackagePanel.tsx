import { DownloadOutlined } from "@ant-design/icons";
import { Button, Card, Tag } from "antd";
import { ResponsiveTable } from "../../layout/ResponsiveTable";
import { useTranslation } from "react-i18next";
import { DayRange } from "../ui/DayRange";
import type { PackageBooking } from "../../contract/packages";
import type { PlatformOrder } from "../../contract/orders";
import { MoneyText } from "../ui/MoneyText";
import { downloadPackageConfirmation } from "./packageConfirmation";
import { travellerName } from "../ui/travellerName";

/** A package booking on its order: the package and dates, every pilgrim room by room, and the confirmation to send. */
export function PackagePanel({ order, booking }: { order: PlatformOrder; booking: PackageBooking }) {
  const { t } = useTranslation();
  const rows = booking.rooms.flatMap((room, roomIndex) => room.pilgrims.map((pilgrim, index) => ({ key: `${roomIndex}-${index}`, room: `${roomIndex + 1} · ${t(`booking.package.sharings.${room.sharing}`)}`, pilgrim })));
  return (
    <Card
      size="small"
      data-testid="package-panel"
      title={<span>{booking.name} <Tag><DayRange from={booking.departureDate} to={booking.returnDate} /></Tag></span>}
      extra={<Button size="small" icon={<DownloadOutlined />} onClick={() => void downloadPackageConfirmation(order, booking)} data-testid="package-confirmation-download">{t("booking.package.booking.download")}</Button>}
    >
      <ResponsiveTable
        size="small"
        pagination={false}
        rowKey="key"
        scroll={{ x: true }}
        dataSource={rows}
        columns={[
          { title: t("booking.package.confirmation.name"), render: (_, row) => travellerName(t, row.pilgrim) },
          { title: t("booking.package.confirmation.room"), dataIndex: "room" },
          { title: t("booking.package.confirmation.passport"), render: (_, row) => <span dir="ltr">{row.pilgrim.passportNumber}</span> },
          { title: t("booking.package.confirmation.band"), render: (_, row) => t(`booking.package.bands.${row.pilgrim.priceBand}`) },
          { title: t("booking.package.confirmation.price"), align: "end", render: (_, row) => <MoneyText money={row.pilgrim.price} /> },
        ]}
      />
    </Card>
  );
}
