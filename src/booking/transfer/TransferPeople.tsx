import { useMutation } from "@tanstack/react-query";
import { Alert, App, Button, Col, DatePicker, Form, Input, Radio, Row, Space } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { FormSelect } from "../../layout/FormSelect";
import { ID_TYPES, PAYOUT_METHODS, RELATIONSHIPS, type Beneficiary, type BeneficiaryRequest, type PayoutMethod, type Remitter, type RemitterRequest } from "../../contract/moneyTransfer";
import { paysByIban } from "../../contract/transferChecks";
import { bookingApi } from "../api/bookingApi";
import { showFieldErrors, toldByField } from "../ui/showFieldErrors";
import { useCountries } from "../ui/useCountries";

const ISO_DATE = "YYYY-MM-DD";

/** Numbers and codes read left to right in Arabic too: a phone typed in an RTL field must not show its groups swapped. */
const LEFT_TO_RIGHT: ReadonlySet<string> = new Set(["phone", "idNumber", "iban", "bic", "accountNumber", "bankCode", "walletPhone"]);
const directionOf = (field: string) => (LEFT_TO_RIGHT.has(field) ? "ltr" : undefined);

/** Where a beneficiary is paid: the account, the wallet or the pickup city. */
export const payoutDetail = (beneficiary: Beneficiary) => beneficiary.iban || beneficiary.accountNumber || beneficiary.walletPhone || beneficiary.pickupCity;

type RemitterValues = Omit<RemitterRequest, "idExpiry" | "dateOfBirth"> & { idExpiry?: Dayjs; dateOfBirth?: Dayjs };

function useCountryOptions() {
  const countries = useCountries();
  return (countries.data ?? []).map((country) => ({ value: country.code, label: country.name }));
}

/** Registers a remitter, or corrects one (a renewed ID): identity, date of birth, address and phone, checked by the server. */
export function RemitterForm({ remitter, onSaved, onCancel }: { remitter?: Remitter; onSaved: (remitter: Remitter) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<RemitterValues>();
  const countries = useCountryOptions();
  const required = { required: true, message: t("admin.required") };
  const save = useMutation({
    mutationFn: (values: RemitterValues) => {
      const request = { ...values, idExpiry: values.idExpiry!.format(ISO_DATE), dateOfBirth: values.dateOfBirth!.format(ISO_DATE) };
      return remitter ? bookingApi.updateRemitter(remitter.id, request) : bookingApi.createRemitter(request);
    },
    onSuccess: (saved) => {
      void message.success(t("booking.transfer.remitter.saved"));
      onSaved(saved);
    },
    onError: (error) => showFieldErrors(form, error),
  });
  const initial: Partial<RemitterValues> = remitter
    ? { ...remitter, idExpiry: dayjs(remitter.idExpiry), dateOfBirth: dayjs(remitter.dateOfBirth) }
    : { idType: "civilId", country: "KW" };
  const text = (name: keyof RemitterRequest, span = 12) => (
    <Col xs={24} md={span}>
      <Form.Item name={name} label={t(`booking.transfer.remitter.${name}`)} rules={[required]}>
        <Input dir={directionOf(name)} disabled={remitter !== undefined && name === "idNumber"} />
      </Form.Item>
    </Col>
  );
  return (
    <Form form={form} layout="vertical" initialValues={initial} onFinish={(values) => save.mutate(values)} data-testid="remitter-form">
      <Row gutter={12}>
        {text("firstName")}
        {text("lastName")}
        <Col xs={24} md={8}>
          <Form.Item name="idType" label={t("booking.transfer.remitter.idType")} rules={[required]}>
            <FormSelect disabled={remitter !== undefined} options={ID_TYPES.map((value) => ({ value, label: t(`booking.transfer.idTypes.${value}`) }))} />
          </Form.Item>
        </Col>
        {text("idNumber", 8)}
        <Col xs={24} md={8}>
          <Form.Item name="idExpiry" label={t("booking.transfer.remitter.idExpiry")} rules={[required]}>
            <DatePicker format={ISO_DATE} style={{ width: "100%" }} data-testid="remitter-id-expiry" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="nationality" label={t("booking.transfer.remitter.nationality")} rules={[required]}>
            <FormSelect showSearch optionFilterProp="label" disabled={remitter !== undefined} options={countries} data-testid="remitter-nationality" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="dateOfBirth" label={t("booking.transfer.remitter.dateOfBirth")} rules={[required]}>
            <DatePicker format={ISO_DATE} style={{ width: "100%" }} data-testid="remitter-birth" />
          </Form.Item>
        </Col>
        {text("phone", 8)}
        {text("address", 24)}
        {text("city")}
        <Col xs={24} md={12}>
          <Form.Item name="country" label={t("booking.transfer.remitter.country")} rules={[required]}>
            <FormSelect showSearch optionFilterProp="label" options={countries} data-testid="remitter-country" />
          </Form.Item>
        </Col>
      </Row>
      {save.isError && !toldByField(save.error) && <Alert type="error" showIcon message={save.error.message} style={{ marginBottom: 12 }} />}
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="remitter-save">{t("booking.transfer.remitter.save")}</Button>
        <Button onClick={onCancel}>{t("buttons.cancel")}</Button>
      </Space>
    </Form>
  );
}

/** A beneficiary of a remitter, with the payout details its method asks for (an IBAN or a local account, a wallet number, a pickup city). */
export function BeneficiaryForm({ remitterId, onSaved, onCancel }: { remitterId: number; onSaved: (beneficiary: Beneficiary) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<BeneficiaryRequest>();
  const countries = useCountryOptions();
  const country = Form.useWatch("country", form) ?? "";
  const method: PayoutMethod = Form.useWatch("payoutMethod", form) ?? "bank";
  const required = { required: true, message: t("admin.required") };
  const save = useMutation({
    mutationFn: (values: BeneficiaryRequest) => bookingApi.createBeneficiary(remitterId, values),
    onSuccess: (saved) => {
      void message.success(t("booking.transfer.beneficiary.saved"));
      onSaved(saved);
    },
    onError: (error) => showFieldErrors(form, error),
  });
  const field = (name: keyof BeneficiaryRequest, isRequired = true) => (
    <Col xs={24} md={12} key={name}>
      <Form.Item name={name} label={t(`booking.transfer.beneficiary.${name}`)} rules={isRequired ? [required] : []}>
        <Input dir={directionOf(name)} />
      </Form.Item>
    </Col>
  );
  return (
    <Form form={form} layout="vertical" initialValues={{ payoutMethod: "bank", relationship: "family" }} onFinish={(values) => save.mutate(values)} data-testid="beneficiary-form">
      <Row gutter={12}>
        {field("firstName")}
        {field("lastName")}
        <Col xs={24} md={12}>
          <Form.Item name="country" label={t("booking.transfer.beneficiary.country")} rules={[required]}>
            <FormSelect showSearch optionFilterProp="label" options={countries} data-testid="beneficiary-country" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="relationship" label={t("booking.transfer.beneficiary.relationship")} rules={[required]}>
            <FormSelect options={RELATIONSHIPS.map((value) => ({ value, label: t(`booking.transfer.relationships.${value}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="payoutMethod" label={t("booking.transfer.beneficiary.payoutMethod")}>
            <Radio.Group optionType="button" options={PAYOUT_METHODS.map((value) => ({ value, label: t(`booking.transfer.payoutMethods.${value}`) }))} />
          </Form.Item>
        </Col>
        {method === "bank" && [field("bankName"), ...(country === "" || paysByIban(country) ? [field("iban"), field("bic", false)] : [field("accountNumber"), ...(country === "IN" ? [field("bankCode")] : [])])]}
        {method === "wallet" && field("walletPhone")}
        {method === "cash" && field("pickupCity")}
        {field("phone", false)}
      </Row>
      {save.isError && !toldByField(save.error) && <Alert type="error" showIcon message={save.error.message} style={{ marginBottom: 12 }} />}
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="beneficiary-save">{t("booking.transfer.beneficiary.save")}</Button>
        <Button onClick={onCancel}>{t("buttons.cancel")}</Button>
      </Space>
    </Form>
  );
}
