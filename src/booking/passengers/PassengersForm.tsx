import { useCountries } from "../ui/useCountries";
import { Card, Col, DatePicker, Form, Input, Row, Select, Space, Tag } from "antd";
import type { NamePath } from "antd/es/form/interface";
import dayjs, { type Dayjs } from "dayjs";
import { forwardRef, useImperativeHandle, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { IDENTIFICATION_TYPES, type PricedOffer } from "../../contract/shopping";
import { TITLES_BY_PASSENGER_TYPE } from "../../contract/travellerTitle";
import { countryName } from "../../lib/worldNames";
import "../i18n/bookingStrings";
import {
  contactErrors,
  documentExpiresSoon,
  passengerErrors,
  type ContactFormValue,
  type PassengerFieldError,
  type PassengerFormValue,
} from "./passengerRules";

export interface PassengersFormValue {
  passengers: PassengerFormValue[];
  contact: ContactFormValue;
}

export interface PassengersFormHandle {
  /** Shows every mistake under its field and answers whether there were none. */
  validateAll: () => boolean;
}

interface PassengersFormProps {
  offer: PricedOffer;
  travelDates: { first: string; last: string };
  value: PassengersFormValue;
  onChange: (next: PassengersFormValue) => void;
  onValidityChange: (valid: boolean) => void;
}

const ISO_DATE = "YYYY-MM-DD";
const dateField = {
  getValueProps: (value?: string) => ({ value: value ? dayjs(value) : undefined }),
  normalize: (value?: Dayjs | null) => value?.format(ISO_DATE),
};
const today = () => dayjs().format(ISO_DATE);
const samePath = (left: readonly (string | number)[], right: readonly (string | number)[]) => left.join(".") === right.join(".");
const fieldName = (path: readonly (string | number)[]) => [...path] as unknown as NamePath<PassengersFormValue>;

/**
 * Passengers and the booking's contact. Every keystroke goes to onChange (the checkout keeps it
 * across reloads); a field's mistakes show when the agent leaves it, all of them on validateAll.
 */
export const PassengersForm = forwardRef<PassengersFormHandle, PassengersFormProps>(function PassengersForm(
  { offer, travelDates, value, onChange, onValidityChange },
  ref,
) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<PassengersFormValue>();
  const countries = useCountries();

  const allErrors = (current: PassengersFormValue): PassengerFieldError[] => [
    ...current.passengers.flatMap((passenger, index) => passengerErrors(passenger, index, travelDates, today())),
    ...contactErrors(current.contact),
  ];
  // Messages name the passenger type and the country in words ("an adult", "Kuwait"), never by code.
  const message = (error: PassengerFieldError) => {
    const values = { ...error.values };
    if (typeof values.type === "string") values.type = t(`booking.passengers.asType.${values.type}`);
    if (typeof values.country === "string") values.country = countryName(values.country, i18n.language);
    return t(`booking.passengers.errors.${error.key}`, values);
  };

  useImperativeHandle(ref, () => ({
    validateAll: () => {
      const current = form.getFieldsValue(true) as PassengersFormValue;
      const errors = allErrors(current);
      form.setFields(form.getFieldsError().map(({ name }) => ({ name: fieldName(name), errors: [] })));
      form.setFields(errors.map((error) => ({ name: fieldName(error.field), errors: [message(error)] })));
      if (errors[0]) form.scrollToField(fieldName(errors[0].field), { block: "center", focus: true });
      onValidityChange(errors.length === 0);
      return errors.length === 0;
    },
  }));

  /** A field's own rule: the pure checks, narrowed to that field. */
  const rule = (path: (string | number)[]) => ({
    validator: async () => {
      const error = allErrors(form.getFieldsValue(true) as PassengersFormValue).find((candidate) => samePath(candidate.field, path));
      if (error) throw new Error(message(error));
    },
  });

  const countryOptions = useMemo(
    () =>
      (countries.data ?? []).map((country) => ({
        value: country.code,
        label: `${country.name} (+${country.phone_code.replace(/^\+/, "")})`,
      })),
    [countries.data],
  );
  const paxNumbers = new Map<string, number>();

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={value}
      validateTrigger="onBlur"
      onValuesChange={(_, all) => onChange({ ...value, ...all, passengers: value.passengers.map((passenger, index) => ({ ...passenger, ...all.passengers?.[index] })) })}
      data-testid="passengers-form"
    >
      <Space direction="vertical" style={{ width: "100%" }}>
        {value.passengers.map((passenger, index) => {
          const number = (paxNumbers.get(passenger.paxType) ?? 0) + 1;
          paxNumbers.set(passenger.paxType, number);
          const path = (name: string) => ["passengers", index, name];
          const expiresSoon = documentExpiresSoon(passenger, travelDates.last);
          return (
            <Card
              key={passenger.paxId}
              size="small"
              title={<Space>{t(`booking.passengers.types.${passenger.paxType}`)} {number}<Tag>{passenger.paxType}</Tag></Space>}
              data-testid={`pax-${index}`}
            >
              <Row gutter={12}>
                <Col xs={24} md={4}>
                  <Form.Item name={path("title")} label={t("booking.passengers.title")} rules={[rule(path("title"))]} validateTrigger={["onBlur", "onChange"]}>
                    <Select data-testid={`pax-${index}-title`} options={TITLES_BY_PASSENGER_TYPE[passenger.paxType].map((title) => ({ value: title, label: title }))} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={10}>
                  <Form.Item name={path("firstName")} label={t("booking.passengers.firstName")} rules={[rule(path("firstName"))]}>
                    <Input data-testid={`pax-${index}-first-name`} autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={10}>
                  <Form.Item name={path("lastName")} label={t("booking.passengers.lastName")} rules={[rule(path("lastName"))]}>
                    <Input data-testid={`pax-${index}-last-name`} autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={6}>
                  <Form.Item name={path("dateOfBirth")} label={t("booking.passengers.dateOfBirth")} rules={[rule(path("dateOfBirth"))]} validateTrigger={["onBlur", "onChange"]} {...dateField}>
                    <DatePicker data-testid={`pax-${index}-dob`} format={ISO_DATE} placeholder={ISO_DATE} style={{ width: "100%" }} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={6}>
                  <Form.Item name={path("documentType")} label={t("booking.passengers.documentType")}>
                    <Select data-testid={`pax-${index}-doc-type`} options={IDENTIFICATION_TYPES.map((type) => ({ value: type, label: t(`booking.passengers.documentTypes.${type}`) }))} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={6}>
                  <Form.Item name={path("documentNumber")} label={t("booking.passengers.documentNumber")} rules={[rule(path("documentNumber"))]}>
                    <Input data-testid={`pax-${index}-doc-number`} autoComplete="off" dir="ltr" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={6}>
                  <Form.Item
                    name={path("documentExpiry")}
                    label={t("booking.passengers.documentExpiry")}
                    rules={[rule(path("documentExpiry"))]}
                    validateTrigger={["onBlur", "onChange"]}
                    extra={expiresSoon ? <span style={{ color: "#d48806" }}>{t("booking.passengers.expiresSoon")}</span> : undefined}
                    {...dateField}
                  >
                    <DatePicker data-testid={`pax-${index}-doc-expiry`} format={ISO_DATE} placeholder={ISO_DATE} style={{ width: "100%" }} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item name={path("frequentFlyer")} label={t("booking.passengers.frequentFlyer")}>
                    <Input data-testid={`pax-${index}-frequent-flyer`} autoComplete="off" dir="ltr" />
                  </Form.Item>
                </Col>
              </Row>
            </Card>
          );
        })}
        <Card size="small" title={t("booking.passengers.contact")}>
          <Row gutter={12}>
            <Col xs={24} md={10}>
              <Form.Item name={["contact", "email"]} label={t("booking.passengers.email")} rules={[rule(["contact", "email"])]}>
                <Input data-testid="contact-email" type="email" autoComplete="email" dir="ltr" />
              </Form.Item>
            </Col>
            <Col xs={24} md={7}>
              <Form.Item name={["contact", "phoneCountry"]} label={t("booking.passengers.phoneCountry")} rules={[rule(["contact", "phoneCountry"])]}>
                <Select data-testid="contact-country" showSearch optionFilterProp="label" loading={countries.isPending} options={countryOptions} />
              </Form.Item>
            </Col>
            <Col xs={24} md={7}>
              <Form.Item name={["contact", "phoneNumber"]} label={t("booking.passengers.phoneNumber")} rules={[rule(["contact", "phoneNumber"])]}>
                <Input data-testid="contact-phone" inputMode="tel" autoComplete="tel-national" dir="ltr" />
              </Form.Item>
            </Col>
          </Row>
        </Card>
      </Space>
    </Form>
  );
});
