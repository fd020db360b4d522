import { Card, Descriptions, Space, Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { PricedOffer } from "../../contract/shopping";
import { JourneySegments } from "../display/JourneyView";
import { localDate } from "../display/segmentDisplay";
import type { PassengersFormValue } from "../passengers/PassengersForm";

/** The last look before "Book now": the flights with their times and numbers, and who travels. */
export function ReviewCard({ offer, form }: { offer: PricedOffer; form: PassengersFormValue }) {
  const { t } = useTranslation();
  return (
    <Card title={t("booking.checkout.review.title")} data-testid="checkout-review">
      <Space direction="vertical" size="middle" style={{ width: "100%" }}>
        {offer.journeys.map((journey, index) => {
          const first = journey.segments[0]!;
          const last = journey.segments[journey.segments.length - 1]!;
          return (
            <div key={journey.paxJourneyID} data-testid={`review-journey-${index}`}>
              <Typography.Text strong>
                {t("booking.checkout.review.journey", { number: index + 1 })}: <bdi>{first.departure.iataCode} → {last.arrival.iataCode}</bdi>, <bdi>{localDate(first.departure.dateTime)}</bdi>
              </Typography.Text>
              <JourneySegments journey={journey} />
            </div>
          );
        })}
        <Table
          size="small"
          pagination={false}
          rowKey="paxId"
          data-testid="review-passengers"
          dataSource={form.passengers}
          scroll={{ x: true }}
          columns={[
            { key: "type", title: t("booking.checkout.passengerType"), render: (_, passenger) => t(`booking.passengers.types.${passenger.paxType}`) },
            { key: "name", title: t("booking.checkout.review.name"), render: (_, passenger) => <bdi>{[passenger.title, passenger.firstName, passenger.lastName].filter(Boolean).join(" ")}</bdi> },
            { key: "birth", title: t("booking.passengers.dateOfBirth"), render: (_, passenger) => <bdi style={{ whiteSpace: "nowrap" }}>{passenger.dateOfBirth}</bdi> },
            {
              key: "document",
              title: t("booking.passengers.documentType"),
              render: (_, passenger) => (
                <bdi>
                  {t(`booking.passengers.documentTypes.${passenger.documentType}`)} {passenger.documentNumber?.toUpperCase()}
                </bdi>
              ),
            },
          ]}
        />
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={t("booking.passengers.email")}><bdi>{form.contact.email}</bdi></Descriptions.Item>
          <Descriptions.Item label={t("booking.passengers.phoneNumber")}><bdi>{form.contact.phoneNumber}</bdi></Descriptions.Item>
        </Descriptions>
      </Space>
    </Card>
  );
}
