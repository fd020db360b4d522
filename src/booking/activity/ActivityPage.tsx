import { CarOutlined, ClockCircleOutlined, EnvironmentOutlined } from "@ant-design/icons";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Alert, Button, Card, Col, Descriptions, Radio, Result, Row, Select, Space, Spin, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BackArrow } from "../ui/BackArrow";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import type { Activity, ActivityDetailsRequest, Participants, PricedActivityOption } from "../../contract/activities";
import "../i18n/bookingStrings";
import { bookingApi } from "../api/bookingApi";
import { MoneyText } from "../ui/MoneyText";
import { activityPageParams, durationText } from "./activityPaths";
import { activitySelectionStore } from "./activityStores";
import { languageName } from "../../lib/worldNames";
import { plainList } from "../../lib/displayText";
import { ActivityRating } from "./ActivityRating";
import { ActivityGallery } from "./ActivityPhotos";

/** /activities/:activityCode: what the activity is, its options with their prices for the party, and a start time to pick. */
export function ActivityPage() {
  const { t } = useTranslation();
  const activityCode = useParams().activityCode ?? "";
  const params = activityPageParams(useSearchParams()[0]);
  if (!params) return <Result status="info" title={t("booking.activity.page.notFound")} extra={<Link to="/activities"><Button type="primary">{t("booking.activity.page.back")}</Button></Link>} />;
  return <Details request={{ ...params, activityCode }} />;
}

function Details({ request }: { request: ActivityDetailsRequest }) {
  const { t, i18n } = useTranslation();
  const details = useQuery({ queryKey: ["activity", "details", request], queryFn: () => bookingApi.activityDetails(request), retry: false });
  const back = <Link to="/activities"><Button icon={<BackArrow />}>{t("booking.activity.page.back")}</Button></Link>;
  if (details.isPending) return <Spin tip={t("booking.activity.results.searching")}><div style={{ minHeight: 200 }} /></Spin>;
  if (details.isError) return <Result status="warning" title={t("booking.activity.page.notFound")} subTitle={details.error.message} extra={back} />;
  const { activity, options, participants } = details.data;
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      {back}
      <Card data-testid="activity-details">
        <Space direction="vertical" style={{ width: "100%" }}>
          <Typography.Title level={3} style={{ margin: 0 }}>{activity.name}</Typography.Title>
          <Space wrap size={[4, 4]}>
            <Tag color="orange">{t(`booking.activity.categories.${activity.category}`)}</Tag>
            <Tag icon={<ClockCircleOutlined />}>{durationText(activity.durationMinutes, t)}</Tag>
            <ActivityRating activity={activity} />
            <Typography.Text type="secondary"><EnvironmentOutlined /> {activity.city.name}, {activity.city.countryName}</Typography.Text>
          </Space>
          <ActivityGallery activity={activity} />
          <Typography.Paragraph style={{ margin: 0 }}><bdi>{activity.summary}</bdi></Typography.Paragraph>
          <Descriptions size="small" column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label={<Space><EnvironmentOutlined />{t("booking.activity.page.meetingPoint")}</Space>}>{activity.meetingPoint}</Descriptions.Item>
            <Descriptions.Item label={t("booking.activity.page.languages")}>{plainList(i18n.language, activity.languages.map((language) => languageName(language, i18n.language)))}</Descriptions.Item>
            <Descriptions.Item label={t("booking.activity.page.includes")}>{activity.inclusions.join(", ")}</Descriptions.Item>
            <Descriptions.Item label={t("booking.activity.page.excludes")}>{activity.exclusions.join(", ")}</Descriptions.Item>
          </Descriptions>
        </Space>
      </Card>
      <Typography.Title level={4} style={{ margin: 0 }}>{t("booking.activity.page.options")}</Typography.Title>
      <Row gutter={[16, 16]}>
        {options.map((option) => (
          <Col key={option.optionCode} xs={24} xl={12}>
            <OptionCard activity={activity} option={option} participants={participants} />
          </Col>
        ))}
      </Row>
    </Space>
  );
}

/** One option: its terms, its price for the party, the start times (grouped by day) and the guide's language. */
function OptionCard({ activity, option, participants }: { activity: Activity; option: PricedActivityOption; participants: Participants }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [slotKey, setSlotKey] = useState<string | null>(null);
  const [language, setLanguage] = useState(option.languages[0]!);
  const days = [...new Set(option.slots.map((slot) => slot.date))];
  const open = option.slots.some((slot) => slot.remaining !== 0);
  const check = useMutation({
    mutationFn: async () => {
      const [date, time] = slotKey!.split(" ") as [string, string];
      const slot = { supplierId: activity.supplierId, activityCode: activity.activityCode, optionCode: option.optionCode, date, time, participants, language };
      return { slot, availability: await bookingApi.activityAvailability(slot) };
    },
    onSuccess: ({ slot, availability }) => {
      activitySelectionStore.set({ activity, optionName: option.name, slot, availability });
      navigate("/activities/checkout");
    },
  });
  return (
    <Card
      size="small"
      data-testid={`activity-option-${option.optionCode}`}
      title={option.name}
      extra={<Typography.Title level={5} style={{ margin: 0 }}><MoneyText money={{ amount: option.price.total, currency: option.price.currency }} /></Typography.Title>}
    >
      <Space direction="vertical" style={{ width: "100%" }}>
        <Space wrap size={[4, 4]}>
          <Tag icon={<ClockCircleOutlined />}>{durationText(option.durationMinutes, t)}</Tag>
          {option.pickupIncluded && <Tag icon={<CarOutlined />}>{t("booking.activity.page.pickup")}</Tag>}
          {option.refundable ? <Tag color="green">{t("booking.activity.page.freeUntil", { hours: option.freeCancellationHours })}</Tag> : <Tag color="red">{t("booking.activity.page.noRefund")}</Tag>}
        </Space>
        <Typography.Text strong>{t("booking.activity.page.chooseTime")}</Typography.Text>
        {!open && <Alert type="info" showIcon message={t("booking.activity.page.noTimes")} />}
        <Radio.Group value={slotKey} onChange={(event) => setSlotKey(event.target.value as string)} data-testid={`activity-slots-${option.optionCode}`}>
          <Space direction="vertical">
            {days.map((date) => (
              <Space key={date} wrap>
                <Typography.Text type="secondary" style={{ minWidth: 90, display: "inline-block" }}>{date}</Typography.Text>
                {option.slots.filter((slot) => slot.date === date).map((slot) => (
                  <Radio.Button key={slot.time} value={`${slot.date} ${slot.time}`} disabled={slot.remaining === 0} data-testid={`slot-${option.optionCode}-${slot.date}-${slot.time}`}>
                    {slot.time} {slot.remaining === 0 ? `· ${t("booking.activity.page.soldOut")}` : slot.remaining === null || option.optionCode === "PRIVATE" ? "" : `· ${t("booking.activity.page.left", { count: slot.remaining })}`}
                  </Radio.Button>
                ))}
              </Space>
            ))}
          </Space>
        </Radio.Group>
        <Space wrap>
          <Typography.Text>{t("booking.activity.page.language")}</Typography.Text>
          <Select value={language} onChange={setLanguage} style={{ minWidth: 140 }} options={option.languages.map((value) => ({ value, label: languageName(value, i18n.language) }))} aria-label={t("booking.activity.page.language")} />
        </Space>
        {check.isError && <Alert type="error" showIcon message={check.error.message} />}
        <Button type="primary" disabled={slotKey === null} loading={check.isPending} onClick={() => check.mutate()} data-testid={`activity-continue-${option.optionCode}`}>
          {check.isPending ? t("booking.activity.page.checking") : t("booking.activity.page.continue")}
        </Button>
      </Space>
    </Card>
  );
}
