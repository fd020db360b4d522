import { MinusCircleOutlined, PlusOutlined } from "@ant-design/icons";
import { useCountries } from "../ui/useCountries";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Button, Card, Col, DatePicker, Descriptions, Form, Input, Result, Row, Space, Spin, Typography } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { countryName } from "../../lib/worldNames";
import { FormSelect } from "../../layout/FormSelect";
import { Link, useNavigate, useSearchParams } from "react-router";
import { VISA_DESK, type VisaDocumentKind, type VisaProductOffer } from "../../contract/visas";
import "../i18n/bookingStrings";
import { bookingApi, newIdempotencyKey } from "../api/bookingApi";
import { orderAttemptFor, type OrderAttempt } from "../checkout/orderAttempt";
import { PayCard } from "../checkout/PayCard";
import { usePaidCheckout } from "../checkout/usePaidCheckout";
import { MoneyText } from "../ui/MoneyText";
import { DocumentUpload } from "./DocumentUpload";
import { titlesForBirth, type Title } from "../../contract/travellerTitle";
import { TITLES } from "../../config/referenceLists";
import { TitleField } from "../ui/travellerName";

const ISO_DATE = "YYYY-MM-DD";

interface ApplicantValues {
  title?: Title;
  firstName: string;
  lastName: string;
  nationality?: string;
  dateOfBirth?: Dayjs;
  passportNumber: string;
  passportExpiry?: Dayjs;
  documents: Partial<Record<VisaDocumentKind, string>>;
}

interface ApplyValues {
  travel?: [Dayjs, Dayjs];
  applicants: ApplicantValues[];
}

const emptyApplicant = (): ApplicantValues => ({ firstName: "", lastName: "", passportNumber: "", documents: {} });

/** /search/visas/apply?visa=<id>: travel dates, each applicant with passport data and every document the visa needs, then payment. */
export function VisaApplyPage() {
  const { t } = useTranslation();
  const id = Number(useSearchParams()[0].get("visa"));
  const products = useQuery({ queryKey: ["visa", "products", {}], queryFn: () => bookingApi.visaProducts({}) });
  if (products.isPending) return <Spin />;
  const visa = products.data?.find((candidate) => candidate.id === id);
  if (!visa) return <Result status="info" title={t("booking.visa.apply.nothingChosen")} extra={<Link to="/search?product=visas"><Button type="primary">{t("booking.visa.title")}</Button></Link>} />;
  return <Apply visa={visa} />;
}

function Apply({ visa }: { visa: VisaProductOffer }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<ApplyValues>();
  const [attempt, setAttempt] = useState<OrderAttempt | null>(null);
  const applicants = Form.useWatch("applicants", form) ?? [emptyApplicant()];
  const travel = Form.useWatch("travel", form);
  const count = applicants.length;
  // Titles that fit an applicant's age when they travel, once both dates are known.
  const applicantTitles = (index: number) => {
    const birth = applicants[index]?.dateOfBirth;
    return birth && travel ? titlesForBirth(birth.format(ISO_DATE), travel[0].format(ISO_DATE)) : TITLES;
  };
  const total = { amount: (visa.price.amount + visa.fees.amount) * count, currency: visa.price.currency };
  const checkout = usePaidCheckout({ product: "visa", supplierId: VISA_DESK }, total);
  const countries = useCountries();
  const nationalities = (countries.data ?? []).filter((country) => visa.eligibleNationalities.includes(country.code)).map((country) => ({ value: country.code, label: country.name }));

  const submit = useMutation({
    mutationFn: async (values: ApplyValues) => {
      const payment = await checkout.payment();
      const body = {
        visaProductId: visa.id,
        travelFrom: values.travel![0].format(ISO_DATE),
        travelTo: values.travel![1].format(ISO_DATE),
        applicants: values.applicants.map((applicant) => ({
          // The form requires each title before it submits.
          title: applicant.title!,
          firstName: applicant.firstName,
          lastName: applicant.lastName,
          nationality: applicant.nationality!,
          dateOfBirth: applicant.dateOfBirth!.format(ISO_DATE),
          passportNumber: applicant.passportNumber.toUpperCase(),
          passportExpiry: applicant.passportExpiry!.format(ISO_DATE),
          documents: applicant.documents,
        })),
        submit: true,
        payment,
      };
      const next = orderAttemptFor(attempt, { ...body, payment: { ...payment, card: checkout.cardDigits } }, newIdempotencyKey);
      setAttempt(next);
      return bookingApi.applyForVisa(body, next.key);
    },
    onSuccess: (order) => navigate(`/search/confirmation/${order.id}`),
  });
  const required = { required: true, message: t("booking.visa.apply.required") };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={15}>
        <Space direction="vertical" style={{ width: "100%" }}>
          <Typography.Title level={3} style={{ margin: 0 }}>{t("booking.visa.apply.title")}</Typography.Title>
          <Form form={form} layout="vertical" requiredMark initialValues={{ applicants: [emptyApplicant()] }} data-testid="visa-apply-form">
            <Card size="small" style={{ marginBottom: 12 }}>
              <Form.Item name="travel" label={t("booking.visa.apply.travel")} rules={[{ required: true, message: t("booking.visa.apply.travelRequired") }]}>
                <DatePicker.RangePicker format={ISO_DATE} style={{ width: "100%" }} disabledDate={(day) => day.isBefore(dayjs(), "day")} data-testid="visa-travel" />
              </Form.Item>
            </Card>
            <Form.List name="applicants">
              {(fields, { add, remove }) => (
                <Space direction="vertical" style={{ width: "100%" }}>
                  {fields.map((field, index) => (
                    <Card key={field.key} size="small" title={t("booking.visa.apply.applicant", { number: index + 1 })} data-testid={`visa-applicant-${index}`}
                      extra={fields.length > 1 && <Button type="text" danger icon={<MinusCircleOutlined />} onClick={() => remove(field.name)} aria-label={t("booking.visa.apply.removeApplicant", { number: index + 1 })} />}>
                      <Row gutter={8}>
                        <Col xs={8} md={4}><TitleField name={[field.name, "title"]} titles={applicantTitles(index)} dependencies={[["applicants", field.name, "dateOfBirth"], "travel"]} testId={`visa-applicant-${index}-title`} /></Col>
                        <Col xs={16} md={10}><Form.Item name={[field.name, "firstName"]} label={t("booking.visa.apply.firstName")} rules={[required]}><Input autoComplete="off" /></Form.Item></Col>
                        <Col xs={24} md={10}><Form.Item name={[field.name, "lastName"]} label={t("booking.visa.apply.lastName")} rules={[required]}><Input autoComplete="off" /></Form.Item></Col>
                        <Col xs={24} md={8}>
                          <Form.Item name={[field.name, "nationality"]} label={t("booking.visa.apply.nationality")} rules={[required]}>
                            <FormSelect showSearch optionFilterProp="label" options={nationalities} notFoundContent={t("booking.visa.apply.onlyEligible")} data-testid={`visa-applicant-${index}-nationality`} />
                          </Form.Item>
                        </Col>
                        <Col xs={12} md={8}><Form.Item name={[field.name, "dateOfBirth"]} label={t("booking.visa.apply.dateOfBirth")} rules={[required]}><DatePicker format={ISO_DATE} style={{ width: "100%" }} data-testid={`visa-applicant-${index}-birth`} /></Form.Item></Col>
                        <Col xs={12} md={8}><Form.Item name={[field.name, "passportNumber"]} label={t("booking.visa.apply.passportNumber")} rules={[required, { pattern: /^[A-Za-z0-9]{5,12}$/ }]}><Input dir="ltr" autoComplete="off" /></Form.Item></Col>
                        <Col xs={12} md={8}><Form.Item name={[field.name, "passportExpiry"]} label={t("booking.visa.apply.passportExpiry")} rules={[required]}><DatePicker format={ISO_DATE} style={{ width: "100%" }} data-testid={`visa-applicant-${index}-expiry`} /></Form.Item></Col>
                      </Row>
                      <Row gutter={8}>
                        {visa.requiredDocuments.map((kind) => (
                          <Col key={kind} xs={24} md={12}>
                            <Form.Item name={[field.name, "documents", kind]} label={t(`booking.visa.documents.${kind}`)} rules={[required]}>
                              <DocumentUpload testId={`visa-applicant-${index}-${kind}`} />
                            </Form.Item>
                          </Col>
                        ))}
                      </Row>
                    </Card>
                  ))}
                  <Button icon={<PlusOutlined />} disabled={fields.length >= 9} onClick={() => add(emptyApplicant())}>{t("booking.visa.apply.addApplicant")}</Button>
                </Space>
              )}
            </Form.List>
          </Form>
          <PayCard checkout={checkout} form={form} booking={submit} label={t("booking.visa.apply.submit")} />
        </Space>
      </Col>
      <Col xs={24} lg={9}>
        <Card title={visa.name} style={{ position: "sticky", top: 80 }} data-testid="visa-summary">
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t("booking.visa.search.destination")}>{countryName(visa.country, i18n.language)}</Descriptions.Item>
            <Descriptions.Item label={t("booking.visa.apply.processingTime")}>{t("booking.visa.apply.processingDays", { count: visa.processingDays })}</Descriptions.Item>
            <Descriptions.Item label={t("booking.visa.apply.entriesLabel")}>{t(`booking.visa.entries.${visa.entries}`)}</Descriptions.Item>
            <Descriptions.Item label={t("booking.visa.search.price")}><MoneyText money={visa.price} /></Descriptions.Item>
            <Descriptions.Item label={t("booking.visa.search.fees")}><MoneyText money={visa.fees} /></Descriptions.Item>
            <Descriptions.Item label={t("booking.visa.apply.total")}><MoneyText money={total} strong /></Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
    </Row>
  );
}
