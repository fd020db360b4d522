import { EnvironmentOutlined } from "@ant-design/icons";
import { Card, Descriptions, Rate, Space, Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { CancellationPolicy, HotelBooking } from "../../contract/hotels";
import { MoneyText } from "../ui/MoneyText";
import { travellerName } from "../ui/travellerName";
import { CancellationTerms } from "./CancellationTerms";

/** A booked stay: the hotel, the supplier's confirmation, the dates, each room with its guests, the terms. */
export function HotelStay({ booking, terms }: { booking: HotelBooking; terms: CancellationPolicy | null }) {
  const { t } = useTranslation();
  return (
    <Card size="small" data-testid="hotel-stay" title={booking.hotel.name}>
      <Space direction="vertical" style={{ width: "100%" }}>
        <Rate disabled value={booking.hotel.stars} style={{ fontSize: 12 }} aria-label={t("booking.hotel.stars", { count: booking.hotel.stars })} />
        <Typography.Text type="secondary"><EnvironmentOutlined /> <bdi>{booking.hotel.address}</bdi></Typography.Text>
        <Descriptions size="small" column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}>
          <Descriptions.Item label={t("booking.hotel.voucher.confirmation")}>
            <span data-testid="hotel-confirmation" dir="ltr">{booking.confirmationNumber || t("booking.hotel.voucher.onHold")}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t("booking.hotel.voucher.supplier")}>{booking.supplierName}</Descriptions.Item>
          <Descriptions.Item label={t("booking.hotel.checkout.checkIn")}>{booking.checkIn}</Descriptions.Item>
          <Descriptions.Item label={t("booking.hotel.checkout.checkOut")}>{booking.checkOut}</Descriptions.Item>
          <Descriptions.Item label={t("booking.hotel.checkout.nights")}>{booking.nights}</Descriptions.Item>
          <Descriptions.Item label={t("booking.orders.contact")}>{booking.contact.email} · <span dir="ltr">{booking.contact.phone}</span></Descriptions.Item>
        </Descriptions>
        <Table
          size="small"
          pagination={false}
          rowKey={(room) => room.rate.rateKey}
          dataSource={booking.rooms}
          columns={[
            { title: t("booking.hotel.voucher.room"), render: (_, room, index) => `${index + 1}. ${room.rate.roomName}` },
            { title: t("booking.hotel.page.board"), render: (_, room) => t(`booking.hotel.boards.${room.rate.boardBasis}`) },
            { title: t("booking.hotel.voucher.guests"), render: (_, room) => room.guests.map((guest) => travellerName(t, guest)).join(", ") },
            { title: t("booking.hotel.page.atProperty"), align: "end", render: (_, room) => (room.rate.payAtProperty.amount > 0 ? <MoneyText money={room.rate.payAtProperty} /> : "—") },
          ]}
        />
        {terms && (
          <div>
            <Typography.Text strong>{t("booking.hotel.page.cancellation")}</Typography.Text>
            <div><CancellationTerms policy={terms} /></div>
          </div>
        )}
        {booking.cancellation && (
          <Typography.Text type="secondary" data-testid="hotel-cancellation">
            {t("booking.hotel.stay.cancelled", { when: booking.cancellation.cancelledAt.slice(0, 16).replace("T", " ") })} <MoneyText money={booking.cancellation.penalty} />
          </Typography.Text>
        )}
      </Space>
    </Card>
  );
}
