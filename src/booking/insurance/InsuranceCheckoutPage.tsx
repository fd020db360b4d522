import { useMutation } from "@tanstack/react-query";
import { Button, Card, Col, Descriptions, Form, Input, Result, Row, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DayRange } from "../ui/DayRange";
import { Link, useNavigate } from "react-router";
import { useStore } from "../../lib/createStore";
import "../i18n/bookingStrings";
import { bookingApi, newIdempotencyKey } from "../api/bookingApi";
import { ContactCard } from "../checkout/ContactCard";
import { PayCard } from "../checkout/PayCard";
import { usePaidCheckout } from "../checkout/usePaidCheckout";
import { orderAttemptFor, type OrderAttempt } from "../checkout/orderAttempt";
import { MoneyText } from "../ui/MoneyText";
import { insuranceSelectionStore, type ChosenQuote } from "./insuranceSelection";
import { PolicyCoverage, PolicyDocuments } from "./PolicyCoverage";
import { PERSON_NAME_PATTERN } from "../../contract/personName";
import { titlesForBirth, type Title } from "../../contract/travellerTitle";
import { TitleField } from "../ui/travellerName";

const PASSPORT_PATTERN = /^[A-Za-z0-9]{5,12}$/;

interface CheckoutValues {
  insured: { title?: Title; firstName: string; lastName: string; passportNumber?: string }[];
  email: string;
  phone: string;
}

/** /search/insurance/checkout: the people insured (their dates of birth are the quote's), contact, payment. A policy is never held. */
export function InsuranceCheckoutPage() {
  const { t } = useTranslation();
  const chosen = useStore(insuranceSelectionStore);
  if (!chosen) {
    return <Result status="info" title={t("booking.insurance.checkout.nothingChosen")} extra={<Link to="/search?product=insurance"><Button type="primary">{t("booking.insurance.quotes.newSearch")}</Button></Link>} />;
  }
  return <Checkout chosen={chosen} />;
}

function Checkout({ chosen: { quote, destinationName } }: { chosen: ChosenQuote }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<CheckoutValues>();
  const [attempt, setAttempt] = useState<OrderAttempt | null>(null);
  const total = { amount: quote.price.total, currency: quote.price.currency };
  const checkout = usePaidCheckout({ product: "insurance", supplierId: quote.supplierId }, total);

  const buy = useMutation({
    mutationFn: async (values: CheckoutValues) => {
      const payment = await checkout.payment();
      const body = {
        supplierId: quote.supplierId,
        quoteKey: quote.quoteKey,
        expectedTotal: total,
        insured: quote.travellers.map((traveller, index) => {
          const person = values.insured[index]!;
          // The form requires each title before it submits.
          return { title: person.title!, firstName: person.firstName, lastName: person.lastName, dateOfBirth: traveller.dateOfBirth, ...(person.passportNumber ? { passportNumber: person.passportNumber.toUpperCase() } : {}) };
        }),
        contact: { email: values.email, phone: values.phone },
        payment,
      };
      const next = orderAttemptFor(attempt, { ...body, payment: { ...body.payment, card: checkout.cardDigits } }, newIdempotencyKey);
      setAttempt(next);
      return bookingApi.bookInsurance(body, next.key);
    },
    onSuccess: (order) => {
      insuranceSelectionStore.set(null);
      navigate(`/search/confirmation/${order.id}`);
    },
  });

  const nameRules = [
    { required: true, message: t("booking.insurance.checkout.nameRequired") },
    { pattern: PERSON_NAME_PATTERN, message: t("booking.insurance.checkout.lettersOnly") },
    { max: 60 },
  ];
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={15}>
        <Space direction="vertical" style={{ width: "100%" }}>
          <Typography.Title level={3} style={{ margin: 0 }}>{t("booking.insurance.checkout.title")}</Typography.Title>
          <Form form={form} layout="vertical" requiredMark initialValues={{ insured: quote.travellers.map(() => ({ firstName: "", lastName: "" })), email: "", phone: "" }} data-testid="insurance-insured-form">
            <Card size="small" title={t("booking.insurance.checkout.insured")} style={{ marginBottom: 12 }}>
              {quote.travellers.map((traveller, index) => (
                <Row key={index} gutter={8} data-testid={`insured-${index}`}>
                  <Col xs={24}>
                    <Typography.Text strong>{t("booking.insurance.search.traveller", { number: index + 1 })}</Typography.Text>{" "}
                    <Typography.Text type="secondary">{t("booking.insurance.dateOfBirth")}: {traveller.dateOfBirth} · {t(`booking.insurance.ageBands.${traveller.ageBand}`)} {traveller.age}</Typography.Text>
                  </Col>
                  <Col xs={8} md={4}>
                    <TitleField name={["insured", index, "title"]} titles={titlesForBirth(traveller.dateOfBirth, quote.departureDate)} testId={`insured-${index}-title`} />
                  </Col>
                  <Col xs={16} md={7}>
                    <Form.Item name={["insured", index, "firstName"]} label={t("booking.insurance.checkout.firstName")} rules={nameRules}><Input autoComplete="off" /></Form.Item>
                  </Col>
                  <Col xs={24} md={7}>
                    <Form.Item name={["insured", index, "lastName"]} label={t("booking.insurance.checkout.lastName")} rules={nameRules}><Input autoComplete="off" /></Form.Item>
                  </Col>
                  <Col xs={24} md={6}>
                    <Form.Item name={["insured", index, "passportNumber"]} label={t("booking.insurance.passport")} extra={t("booking.insurance.checkout.passportHint")} rules={[{ pattern: PASSPORT_PATTERN, message: t("booking.insurance.checkout.passportInvalid") }]}>
                      <Input autoComplete="off" dir="ltr" />
                    </Form.Item>
                  </Col>
                </Row>
              ))}
            </Card>
            <ContactCard />
          </Form>
          <PayCard checkout={checkout} form={form} booking={buy} label={t("booking.insurance.checkout.buy")} />
        </Space>
      </Col>
      <Col xs={24} lg={9}>
        <Card title={`${quote.planName} (${quote.plan})`} style={{ position: "sticky", top: 80 }} data-testid="insurance-summary">
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t("booking.insurance.search.destination")}>{destinationName}</Descriptions.Item>
            <Descriptions.Item label={t("booking.insurance.policy.period")}><DayRange from={quote.departureDate} to={quote.returnDate} /> ({t("booking.insurance.days", { count: quote.days })})</Descriptions.Item>
            <Descriptions.Item label={t("booking.insurance.search.product")}>{t(`booking.insurance.products.${quote.product}`)}</Descriptions.Item>
            <Descriptions.Item label={t("booking.insurance.search.benefit")}>{t(`booking.insurance.benefits.${quote.benefit}`)}</Descriptions.Item>
            <Descriptions.Item label={t("booking.insurance.checkout.total")}><MoneyText money={total} strong /></Descriptions.Item>
          </Descriptions>
          <PolicyDocuments quote={quote} />
          <PolicyCoverage quote={quote} />
        </Card>
      </Col>
    </Row>
  );
}
