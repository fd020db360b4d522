import { useMutation } from "@tanstack/react-query";
import { Alert, Button, Card, Col, Descriptions, Form, Input, Result, Row, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { bandsOf, TITLES_BY_BAND } from "../../contract/activities";
import type { Title } from "../../contract/travellerTitle";
import { ApiRequestError } from "../../providers/ApiRequestError";
import { useStore } from "../../lib/createStore";
import "../i18n/bookingStrings";
import { bookingApi, newIdempotencyKey } from "../api/bookingApi";
import { ContactCard } from "../checkout/ContactCard";
import { PayCard } from "../checkout/PayCard";
import { usePaidCheckout } from "../checkout/usePaidCheckout";
import { orderAttemptFor, type OrderAttempt } from "../checkout/orderAttempt";
import { CancellationTerms } from "../hotel/CancellationTerms";
import { MoneyText } from "../ui/MoneyText";
import { TitleField } from "../ui/travellerName";
import { activityPagePath } from "./activityPaths";
import { activitySelectionStore, type ActivitySelection } from "./activityStores";
import { PERSON_NAME_PATTERN } from "../../contract/personName";
import { isolated } from "../../lib/displayText";
import { languageName } from "../../lib/worldNames";


interface CheckoutValues {
  travellers: { title?: Title; firstName: string; lastName: string }[];
  email: string;
  phone: string;
  /** The supplier's questions' answers, by question code. */
  answers?: Record<string, string | undefined>;
}

/** /activities/checkout: the time checked at the supplier, everyone taking part (lead first), contact and payment. */
export function ActivityCheckoutPage() {
  const { t } = useTranslation();
  const selection = useStore(activitySelectionStore);
  if (!selection) return <Result status="info" title={t("booking.activity.checkout.nothingChosen")} extra={<Link to="/activities"><Button type="primary">{t("booking.activity.page.back")}</Button></Link>} />;
  return <Checkout selection={selection} />;
}

function Checkout({ selection }: { selection: ActivitySelection }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<CheckoutValues>();
  const [attempt, setAttempt] = useState<OrderAttempt | null>(null);
  const { activity, slot, availability } = selection;
  const total = { amount: availability.price.total, currency: availability.price.currency };
  const bands = bandsOf(slot.participants);
  const checkout = usePaidCheckout({ product: "activity", supplierId: slot.supplierId }, total);
  // A selection kept in the browser from before the supplier's questions were read has none.
  const questions = availability.questions ?? [];

  const book = useMutation({
    mutationFn: async (values: CheckoutValues) => {
      const payment = await checkout.payment();
      const body = {
        ...slot,
        // The form requires each title before it submits.
        travellers: bands.map((band, index) => ({ ...values.travellers[index]!, title: values.travellers[index]!.title!, band })),
        contact: { email: values.email, phone: values.phone },
        payment,
        expectedTotal: total,
        answers: questions.flatMap((question) => {
          const answer = values.answers?.[question.code]?.trim();
          return answer ? [{ code: question.code, answer }] : [];
        }),
      };
      const next = orderAttemptFor(attempt, { ...body, payment: { ...body.payment, card: checkout.cardDigits } }, newIdempotencyKey);
      setAttempt(next);
      return bookingApi.bookActivity(body, next.key);
    },
    onSuccess: (order) => {
      activitySelectionStore.set(null);
      navigate(`/activities/confirmation/${order.id}`);
    },
  });
  const priceMoved = book.error instanceof ApiRequestError && book.error.code === "price_changed";
  const nameRules = [{ required: true, message: t("booking.activity.checkout.nameRequired") }, { pattern: PERSON_NAME_PATTERN, message: t("booking.activity.checkout.lettersOnly") }, { max: 40 }];
  const bandCounts = new Map<string, number>();

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={15}>
        <Space direction="vertical" style={{ width: "100%" }}>
          <Typography.Title level={3} style={{ margin: 0 }}>{t("booking.activity.checkout.title")}</Typography.Title>
          <Form form={form} layout="vertical" requiredMark initialValues={{ travellers: bands.map(() => ({ firstName: "", lastName: "" })), email: "", phone: "" }} data-testid="activity-travellers-form">
            <Card size="small" title={t("booking.activity.checkout.participants")} style={{ marginBottom: 12 }}>
              {bands.map((band, index) => {
                const number = (bandCounts.get(band) ?? 0) + 1;
                bandCounts.set(band, number);
                const label = index === 0 ? t("booking.activity.checkout.lead") : t("booking.activity.checkout.participant", { band: t(`booking.activity.bands.${band}`), number });
                return (
                  <Row key={index} gutter={8} data-testid={`activity-traveller-${index}`}>
                    <Col xs={24}><Typography.Text strong>{label}</Typography.Text></Col>
                    <Col xs={8} md={4}><TitleField name={["travellers", index, "title"]} titles={TITLES_BY_BAND[band]} testId={`activity-traveller-${index}-title`} /></Col>
                    <Col xs={16} md={10}><Form.Item name={["travellers", index, "firstName"]} label={t("booking.activity.checkout.firstName")} rules={nameRules}><Input autoComplete="off" /></Form.Item></Col>
                    <Col xs={24} md={10}><Form.Item name={["travellers", index, "lastName"]} label={t("booking.activity.checkout.lastName")} rules={nameRules}><Input autoComplete="off" /></Form.Item></Col>
                  </Row>
                );
              })}
            </Card>
            {questions.length > 0 && (
              <Card size="small" title={t("booking.activity.checkout.questions")} style={{ marginBottom: 12 }} data-testid="activity-questions">
                {questions.map((question) => (
                  <Form.Item
                    key={question.code}
                    name={["answers", question.code]}
                    label={<bdi>{question.text}</bdi>}
                    rules={[{ required: question.required, whitespace: true, message: t("booking.activity.checkout.answerRequired") }, { max: 500 }]}
                  >
                    <Input autoComplete="off" data-testid={`activity-answer-${question.code}`} />
                  </Form.Item>
                ))}
              </Card>
            )}
            <ContactCard />
          </Form>
          <PayCard checkout={checkout} form={form} booking={book} label={t("booking.activity.checkout.book")} failure={priceMoved ? (
            <Alert type="error" showIcon data-testid="order-error" message={t("booking.activity.checkout.priceChanged")} description={book.error?.message}
              action={<Link to={activityPagePath(activity, { from: slot.date, to: slot.date, participants: slot.participants })}><Button>{t("booking.activity.page.chooseTime")}</Button></Link>} />
          ) : undefined} />
        </Space>
      </Col>
      <Col xs={24} lg={9}>
        <Card title={activity.name} style={{ position: "sticky", top: 80 }} data-testid="activity-summary">
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t("booking.activity.booking.option")}>{selection.optionName}</Descriptions.Item>
            <Descriptions.Item label={t("booking.activity.checkout.when")}>{isolated(`${slot.date} ${slot.time}`)} ({activity.city.timeZone})</Descriptions.Item>
            <Descriptions.Item label={t("booking.activity.page.language")}>{languageName(slot.language, i18n.language)}</Descriptions.Item>
            <Descriptions.Item label={t("booking.activity.page.meetingPoint")}>{activity.meetingPoint}</Descriptions.Item>
            <Descriptions.Item label={t("booking.activity.booking.participants")}>
              {(["adult", "child", "infant"] as const).filter((band) => bands.includes(band)).map((band) => `${bands.filter((entry) => entry === band).length} × ${t(`booking.activity.bands.${band}`)}`).join(", ")}
            </Descriptions.Item>
            <Descriptions.Item label={t("booking.activity.checkout.total")}><MoneyText money={total} strong /></Descriptions.Item>
          </Descriptions>
          <CancellationTerms policy={availability.cancellationPolicy} localTo="activity" />
        </Card>
      </Col>
    </Row>
  );
}
