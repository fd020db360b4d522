import { DownloadOutlined } from "@ant-design/icons";
import { Button, Card, Descriptions, Space, Tag } from "antd";
import { useTranslation } from "react-i18next";
import type { ActivityBooking } from "../../contract/activities";
import type { PlatformOrder } from "../../contract/orders";
import { CancellationTerms } from "../hotel/CancellationTerms";
import { travellerName } from "../ui/travellerName";
import { downloadActivityVoucher } from "./activityVoucher";
import { isolated, plainList } from "../../lib/displayText";
import { languageName } from "../../lib/worldNames";

/** An activity booking on its order: what, when, where, who, the voucher code, the terms and the voucher to send. */
export function ActivityPanel({ order, booking }: { order: PlatformOrder; booking: ActivityBooking }) {
  const { t, i18n } = useTranslation();
  const terms = order.items.find((item) => item.kind === "activity")?.cancellationTerms ?? null;
  return (
    <Card
      size="small"
      data-testid="activity-panel"
      title={<Space wrap><span>{booking.activity.name}</span>{booking.status === "cancel" && <Tag>{t("booking.activity.booking.cancelled")}</Tag>}</Space>}
      extra={booking.status === "cancel" ? undefined : <Button size="small" icon={<DownloadOutlined />} data-testid="voucher-download" onClick={() => void downloadActivityVoucher(order, booking)}>{t("booking.activity.booking.download")}</Button>}
    >
      <Descriptions size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={t("booking.activity.booking.voucher")}><span data-testid="activity-voucher-code" dir="ltr">{booking.voucherCode}</span></Descriptions.Item>
        <Descriptions.Item label={t("booking.activity.booking.option")}>{booking.optionName}</Descriptions.Item>
        <Descriptions.Item label={t("booking.activity.booking.when")}>{isolated(`${booking.date} ${booking.time}`)} ({booking.activity.city.timeZone})</Descriptions.Item>
        <Descriptions.Item label={t("booking.activity.page.language")}>{languageName(booking.language, i18n.language)}</Descriptions.Item>
        <Descriptions.Item label={t("booking.activity.page.meetingPoint")} span={2}>{booking.activity.meetingPoint}</Descriptions.Item>
        <Descriptions.Item label={t("booking.activity.booking.participants")} span={2}>
          {plainList(i18n.language, booking.travellers.map((traveller) => `${travellerName(t, traveller)} (${t(`booking.activity.bands.${traveller.band}`)})`))}
        </Descriptions.Item>
      </Descriptions>
      {terms && booking.status === "confirm" && <CancellationTerms policy={terms} localTo="activity" />}
    </Card>
  );
}
