import { StarFilled } from "@ant-design/icons";
import { Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { Activity } from "../../contract/activities";

/** The activity's rating and review count; nothing for one its supplier publishes no reviews of (a 0.0 would read as a bad rating). */
export function ActivityRating({ activity }: { activity: Pick<Activity, "rating" | "reviews"> }) {
  const { t } = useTranslation();
  if (activity.reviews === 0) return null;
  return (
    <Typography.Text type="secondary">
      <StarFilled style={{ color: "#faad14" }} /> {activity.rating.toFixed(1)} · {t("booking.activity.results.reviews", { count: activity.reviews })}
    </Typography.Text>
  );
}
