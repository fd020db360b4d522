import { CheckCircleOutlined, CloseCircleOutlined } from "@ant-design/icons";
import { Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { CancellationPolicy } from "../../contract/hotels";
import { freeCancellationUntil } from "../../contract/hotelCancellation";
import { isolated } from "../../lib/displayText";
import { MoneyText } from "../ui/MoneyText";

/** "2027-02-05T12:00" as the hotel writes it: date and time, in its own zone, kept in that order inside a right-to-left sentence. */
const localWhen = (from: string) => isolated(from.replace("T", " "));

/**
 * A cancellation policy in words: free until the deadline (the hotel's or the activity's local
 * time, named as such), then each penalty from its moment; or non-refundable. Compact: the first line only.
 */
export function CancellationTerms({ policy, compact = false, localTo = "hotel" }: { policy: CancellationPolicy; compact?: boolean; /** Whose local time the moments are. */ localTo?: "hotel" | "activity" }) {
  const { t } = useTranslation();
  const freeUntil = freeCancellationUntil(policy, new Date());
  const first = policy.penalties[0]!;
  const headline = freeUntil ? (
    <Tag color="green" icon={<CheckCircleOutlined />} data-testid="free-cancellation">
      {t("booking.hotel.terms.freeUntil", { when: localWhen(first.from) })}
    </Tag>
  ) : (
    <Tag icon={<CloseCircleOutlined />}>{policy.refundable ? t("booking.hotel.terms.deadlinePassed") : t("booking.hotel.nonRefundable")}</Tag>
  );
  // A non-refundable rate costs everything from the moment it is booked: nothing more to say.
  if (compact || !policy.refundable) return headline;
  return (
    <Space direction="vertical" size={2}>
      {headline}
      {policy.penalties.map((step) => (
        <Typography.Text key={step.fromUtc} type="secondary">
          {t("booking.hotel.terms.penaltyFrom", { when: localWhen(step.from) })} <MoneyText money={step.amount} />
        </Typography.Text>
      ))}
      <Typography.Text type="secondary">{t(localTo === "hotel" ? "booking.hotel.terms.localTime" : "booking.hotel.terms.activityLocalTime", { zone: policy.timeZone })}</Typography.Text>
    </Space>
  );
}
