import { MinusCircleOutlined, PlusOutlined, SafetyCertificateOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { Button, Col, DatePicker, Form, Row, Space } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { FormSelect } from "../../layout/FormSelect";
import { useNavigate } from "react-router";
import { BENEFIT_CODES, INSURANCE_PLAN_CODES, INSURANCE_PRODUCT_CODES, MAX_INSURED, type BenefitCode, type InsuranceProductCode } from "../../contract/insurance";
import { INSURANCE_PLANS } from "../../config/referenceLists";
import { createPersistedStore } from "../../lib/createPersistedStore";
import { useStore } from "../../lib/createStore";
import { bookingApi } from "../api/bookingApi";
import { commitDatesBeforeSubmit } from "../search/commitDatesBeforeSubmit";
import { insuranceResultsPath, type InsuranceTrip } from "./insuranceSearchParams";

const ISO_DATE = "YYYY-MM-DD";

/** The form as the agent left it, kept through a reload. */
interface InsuranceSearchValues {
  destination?: string;
  dates?: [string, string];
  births: (string | undefined)[];
  product: InsuranceProductCode;
  benefit: BenefitCode;
  plan: string;
}

const DEFAULT_VALUES: InsuranceSearchValues = { births: [undefined], product: "020107", benefit: "000000", plan: "All" };
const isSearchValues = (value: unknown): value is InsuranceSearchValues => typeof value === "object" && value !== null && Array.isArray((value as InsuranceSearchValues).births);
const searchStore = createPersistedStore<InsuranceSearchValues>("insuranceSearch", DEFAULT_VALUES, isSearchValues);

interface FormValues {
  destination?: string;
  dates?: [Dayjs, Dayjs];
  births: (Dayjs | undefined)[];
  product: InsuranceProductCode;
  benefit: BenefitCode;
  plan: string;
}

const toForm = (saved: InsuranceSearchValues): FormValues => ({
  ...saved,
  dates: saved.dates && [dayjs(saved.dates[0]), dayjs(saved.dates[1])],
  births: saved.births.map((birth) => (birth ? dayjs(birth) : undefined)),
});

/** Travel insurance sold alone: where, when, who (dates of birth), individual or family, extras and plan. */
export function InsuranceSearchForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const saved = useStore(searchStore);
  const [form] = Form.useForm<FormValues>();
  const plan = Form.useWatch("plan", form) ?? saved.plan;
  const countries = useQuery({ queryKey: ["insurance", "countries", plan], queryFn: () => bookingApi.planCountries(plan), staleTime: 3_600_000 });

  const remember = (values: FormValues) =>
    searchStore.set({
      destination: values.destination,
      dates: values.dates && [values.dates[0].format(ISO_DATE), values.dates[1].format(ISO_DATE)],
      births: values.births.map((birth) => birth?.format(ISO_DATE)),
      product: values.product,
      benefit: values.benefit,
      plan: values.plan,
    });

  const submit = (values: FormValues) => {
    remember(values);
    const trip: InsuranceTrip = {
      destination: values.destination!,
      departureDate: values.dates![0].format(ISO_DATE),
      returnDate: values.dates![1].format(ISO_DATE),
      travellers: values.births.map((birth) => ({ dateOfBirth: birth!.format(ISO_DATE) })),
      product: values.product,
      benefit: values.benefit,
      plan: values.plan as InsuranceTrip["plan"],
    };
    navigate(insuranceResultsPath(trip));
  };

  return (
    <Form form={form} layout="vertical" initialValues={toForm(saved)} onFinish={submit} onKeyDownCapture={commitDatesBeforeSubmit(form)} onValuesChange={(_, values) => remember(values)} requiredMark data-testid="insurance-search-form">
      <Row gutter={12}>
        <Col xs={24} md={8}>
          <Form.Item name="plan" label={t("booking.insurance.search.plan")}>
            <FormSelect
              data-testid="insurance-plan"
              showSearch
              optionFilterProp="label"
              options={[
                { value: "All", label: t("booking.insurance.search.allPlans") },
                ...INSURANCE_PLAN_CODES.map((code) => ({ value: code, label: `${INSURANCE_PLANS.find((entry) => entry.code === code)?.label ?? code} (${code})` })),
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="destination"
            label={t("booking.insurance.search.destination")}
            rules={[{ required: true, message: t("booking.insurance.search.destinationRequired") }]}
            extra={plan !== "All" && countries.data ? t("booking.insurance.search.planCovers", { count: countries.data.length }) : undefined}
          >
            <FormSelect
              data-testid="insurance-destination"
              showSearch
              optionFilterProp="label"
              placeholder={t("booking.insurance.search.destinationPlaceholder")}
              loading={countries.isPending}
              options={(countries.data ?? []).map((country) => ({ value: country.code, label: country.name }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="dates" label={t("booking.insurance.search.dates")} rules={[{ required: true, message: t("booking.insurance.search.datesRequired") }]}>
            <DatePicker.RangePicker
              data-testid="insurance-dates"
              format={ISO_DATE}
              style={{ width: "100%" }}
              disabledDate={(day) => day.isBefore(dayjs(), "day") || day.isAfter(dayjs().add(365, "day"))}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="product" label={t("booking.insurance.search.product")}>
            <FormSelect data-testid="insurance-product" options={INSURANCE_PRODUCT_CODES.map((code) => ({ value: code, label: t(`booking.insurance.products.${code}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="benefit" label={t("booking.insurance.search.benefit")}>
            <FormSelect data-testid="insurance-benefit" options={BENEFIT_CODES.map((code) => ({ value: code, label: t(`booking.insurance.benefits.${code}`) }))} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={t("booking.insurance.search.travellers")} required>
        <Form.List name="births">
          {(fields, { add, remove }) => (
            <Space wrap align="start">
              {fields.map((field, index) => (
                <Space key={field.key} align="start" size={4}>
                  <Form.Item name={field.name} rules={[{ required: true, message: t("booking.insurance.search.birthRequired") }]} style={{ marginBottom: 0 }}>
                    <DatePicker
                      data-testid={`insurance-birth-${index}`}
                      format={ISO_DATE}
                      placeholder={t("booking.insurance.search.traveller", { number: index + 1 })}
                      aria-label={t("booking.insurance.search.traveller", { number: index + 1 })}
                      disabledDate={(day) => day.isAfter(dayjs(), "day")}
                      defaultPickerValue={dayjs().subtract(30, "year")}
                    />
                  </Form.Item>
                  {fields.length > 1 && <Button type="text" danger icon={<MinusCircleOutlined />} onClick={() => remove(field.name)} aria-label={t("booking.insurance.search.removeTraveller", { number: index + 1 })} />}
                </Space>
              ))}
              <Button icon={<PlusOutlined />} disabled={fields.length >= MAX_INSURED} onClick={() => add(undefined)} data-testid="insurance-add-traveller">{t("booking.insurance.search.addTraveller")}</Button>
            </Space>
          )}
        </Form.List>
      </Form.Item>
      <Button type="primary" size="large" htmlType="submit" icon={<SafetyCertificateOutlined />} data-testid="insurance-search-submit">{t("booking.insurance.search.quote")}</Button>
    </Form>
  );
}
