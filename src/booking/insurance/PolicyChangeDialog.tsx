import { MinusCircleOutlined, PlusOutlined } from "@ant-design/icons";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Alert, App, Button, Col, DatePicker, Descriptions, Form, Input, Modal, Row, Space, Typography, type ButtonProps } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TITLES } from "../../config/referenceLists";
import { MAX_INSURED, type PolicyChangeRequest } from "../../contract/insurance";
import type { OrderItem, PlatformOrder } from "../../contract/orders";
import { PERSON_NAME_PATTERN } from "../../contract/personName";
import { titlesForBirth, type Title } from "../../contract/travellerTitle";
import { isolated, utcMomentText } from "../../lib/displayText";
import { bookingApi, newIdempotencyKey } from "../api/bookingApi";
import { DayRange } from "../ui/DayRange";
import { MoneyText } from "../ui/MoneyText";
import { showFieldErrors, toldByField } from "../ui/showFieldErrors";
import { TitleField } from "../ui/travellerName";
import { PolicyDocuments } from "./PolicyCoverage";

const ISO_DATE = "YYYY-MM-DD";
const PASSPORT_PATTERN = /^[A-Za-z0-9]{5,12}$/;

interface ChangeValues {
  period?: [Dayjs, Dayjs];
  insured: { title?: Title; firstName: string; lastName: string; dateOfBirth?: Dayjs; passportNumber?: string }[];
}

/** The form's values as the change the server prices (the form checks every field first). */
const changeOf = (values: ChangeValues): PolicyChangeRequest => ({
  departureDate: values.period![0].format(ISO_DATE),
  returnDate: values.period![1].format(ISO_DATE),
  insured: values.insured.map((person) => ({
    title: person.title!,
    firstName: person.firstName.trim(),
    lastName: person.lastName.trim(),
    dateOfBirth: person.dateOfBirth!.format(ISO_DATE),
    ...(person.passportNumber ? { passportNumber: person.passportNumber.toUpperCase() } : {}),
  })),
});

/**
 * Changes an issued policy before its trip: new dates, the people insured corrected, added or
 * removed. The change is priced first (the insurer's price through the insurance rules) and shows
 * what the agency pays or gets back; confirming it pays the difference from the credit line.
 */
export function PolicyChangeDialog({ order, item, onClose, onDone }: { order: PlatformOrder; item: OrderItem; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const policy = item.insurance!;
  const [form] = Form.useForm<ChangeValues>();
  const [key] = useState(newIdempotencyKey);
  const options = useQuery({ queryKey: ["booking", "payment-options", "insurance", item.supplierId], queryFn: () => bookingApi.paymentOptions({ product: "insurance", supplierId: item.supplierId }) });
  const creditMethod = options.data?.methods.find((method) => method.settlement === "credit");
  const price = useMutation({
    mutationFn: (values: ChangeValues) => bookingApi.quotePolicyChange(order.id, item.id, changeOf(values)),
    onError: (error) => showFieldErrors(form, error),
  });
  const priced = price.data;
  const due = priced?.due.amount ?? 0;
  const confirm = useMutation({
    mutationFn: () => bookingApi.changePolicy(order.id, item.id, priced!.changeKey, due > 0 && creditMethod ? { paymentMethodId: creditMethod.paymentMethodId, card: null } : null, key),
    onSuccess: () => {
      void message.success(t("booking.insurance.change.done", { number: policy.policyNumber }));
      onDone();
      onClose();
    },
  });
  const period = Form.useWatch("period", form);
  const insured = Form.useWatch("insured", form);
  const travelDate = period?.[0]?.format(ISO_DATE) ?? policy.quote.departureDate;
  const titlesOf = (index: number): readonly Title[] => {
    const birth = insured?.[index]?.dateOfBirth;
    return birth ? titlesForBirth(birth.format(ISO_DATE), travelDate) : TITLES;
  };
  const nameRules = [
    { required: true, whitespace: true, message: t("booking.insurance.checkout.nameRequired") },
    { pattern: PERSON_NAME_PATTERN, message: t("booking.insurance.checkout.lettersOnly") },
    { max: 60 },
  ];
  const initialValues: ChangeValues = {
    period: [dayjs(policy.quote.departureDate), dayjs(policy.quote.returnDate)],
    insured: policy.insured.map((person) => ({ title: person.title, firstName: person.firstName, lastName: person.lastName, dateOfBirth: dayjs(person.dateOfBirth), passportNumber: person.passportNumber })),
  };

  return (
    <Modal
      open
      width={860}
      title={t("booking.insurance.change.title", { number: policy.policyNumber })}
      onCancel={onClose}
      okText={t("booking.insurance.change.confirm")}
      okButtonProps={{ disabled: !priced || (due > 0 && !creditMethod), loading: confirm.isPending, "data-testid": "policy-change-confirm" } as ButtonProps}
      onOk={() => confirm.mutate()}
    >
      <Form form={form} layout="vertical" requiredMark initialValues={initialValues} onValuesChange={() => price.reset()} onFinish={(values) => price.mutate(values)} data-testid="policy-change-form">
        <Typography.Paragraph type="secondary">{t("booking.insurance.change.intro", { plan: policy.quote.planName })}</Typography.Paragraph>
        <Form.Item name="period" label={t("booking.insurance.policy.period")} rules={[{ required: true, message: t("booking.insurance.search.datesRequired") }]}>
          <DatePicker.RangePicker data-testid="policy-change-period" format={ISO_DATE} disabledDate={(day) => day.isBefore(dayjs(), "day") || day.isAfter(dayjs().add(365, "day"))} />
        </Form.Item>
        <Form.List name="insured">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, index) => (
                <Row key={field.key} gutter={8} align="top" data-testid={`policy-change-insured-${index}`}>
                  <Col xs={24} sm={6} md={4}>
                    <TitleField name={[field.name, "title"]} titles={titlesOf(index)} testId={`policy-change-insured-${index}-title`} />
                  </Col>
                  <Col xs={12} sm={9} md={5}>
                    <Form.Item name={[field.name, "firstName"]} label={t("booking.insurance.checkout.firstName")} rules={nameRules}><Input autoComplete="off" /></Form.Item>
                  </Col>
                  <Col xs={12} sm={9} md={5}>
                    <Form.Item name={[field.name, "lastName"]} label={t("booking.insurance.checkout.lastName")} rules={nameRules}><Input autoComplete="off" /></Form.Item>
                  </Col>
                  <Col xs={12} sm={10} md={4}>
                    <Form.Item name={[field.name, "dateOfBirth"]} label={t("booking.insurance.change.dateOfBirth")} rules={[{ required: true, message: t("booking.insurance.search.birthRequired") }]}>
                      <DatePicker data-testid={`policy-change-insured-${index}-birth`} format={ISO_DATE} style={{ width: "100%" }} disabledDate={(day) => day.isAfter(dayjs(), "day")} defaultPickerValue={dayjs().subtract(30, "year")} />
                    </Form.Item>
                  </Col>
                  <Col xs={10} sm={12} md={5}>
                    <Form.Item name={[field.name, "passportNumber"]} label={t("booking.insurance.passport")} rules={[{ pattern: PASSPORT_PATTERN, message: t("booking.insurance.checkout.passportInvalid") }]}>
                      <Input dir="ltr" autoComplete="off" />
                    </Form.Item>
                  </Col>
                  <Col xs={2} sm={2} md={1} style={{ paddingTop: 30 }}>
                    {fields.length > 1 && <Button type="text" danger icon={<MinusCircleOutlined />} onClick={() => remove(field.name)} aria-label={t("booking.insurance.search.removeTraveller", { number: index + 1 })} data-testid={`policy-change-remove-${index}`} />}
                  </Col>
                </Row>
              ))}
              <Button icon={<PlusOutlined />} disabled={fields.length >= MAX_INSURED} onClick={() => add({ firstName: "", lastName: "" })} data-testid="policy-change-add" style={{ marginBottom: 16 }}>
                {t("booking.insurance.search.addTraveller")}
              </Button>
            </>
          )}
        </Form.List>
        <div>
          <Button htmlType="submit" loading={price.isPending} data-testid="policy-change-price">{t("booking.insurance.change.price")}</Button>
        </div>
      </Form>
      {price.isError && !toldByField(price.error) && <Alert type="error" showIcon message={price.error.message} style={{ marginTop: 12 }} />}
      {confirm.isError && <Alert type="error" showIcon message={confirm.error.message} style={{ marginTop: 12 }} />}
      {priced && (
        <Space direction="vertical" style={{ width: "100%", marginTop: 16 }} data-testid="policy-change-quote">
          <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label={t("booking.insurance.policy.period")}><DayRange from={priced.quote.departureDate} to={priced.quote.returnDate} /></Descriptions.Item>
            <Descriptions.Item label={t("booking.insurance.change.premium")}><MoneyText money={priced.quote.premium} /></Descriptions.Item>
            <Descriptions.Item label={t("booking.insurance.change.paid")}><MoneyText money={priced.currentTotal} /></Descriptions.Item>
            <Descriptions.Item label={t("booking.insurance.change.newTotal")}><MoneyText money={priced.newTotal} /></Descriptions.Item>
          </Descriptions>
          {due > 0 && (
            <Alert type="info" showIcon data-testid="policy-change-due" message={<span>{t("booking.insurance.change.due")}: <strong><MoneyText money={priced.due} /></strong></span>} description={creditMethod ? t("booking.insurance.change.fromCredit") : t("booking.insurance.change.noCredit")} />
          )}
          {priced.refund.amount > 0 && <Alert type="success" showIcon data-testid="policy-change-refund" message={<span>{t("booking.insurance.change.refund")}: <strong><MoneyText money={priced.refund} /></strong></span>} />}
          {due === 0 && priced.refund.amount === 0 && <Alert type="success" showIcon message={t("booking.insurance.change.noDifference")} />}
          <PolicyDocuments quote={priced.quote} />
          <Typography.Text type="secondary">{t("booking.insurance.change.holds", { time: isolated(utcMomentText(priced.expiresAt)) })}</Typography.Text>
        </Space>
      )}
    </Modal>
  );
}
