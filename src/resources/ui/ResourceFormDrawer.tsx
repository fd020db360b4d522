import { useForm, useSelect } from "@refinedev/antd";
import { Button, DatePicker, Descriptions, Drawer, Form, Input, InputNumber, Space, Steps, Switch, type FormInstance } from "antd";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { fieldShown, type ResourceDeclaration, type ResourceField } from "../defineResource";
import type { CodeLabel } from "../../config/referenceLists";
import { fieldChoices, optionLabel } from "./optionLabels";
import { cellText, toApiValue, toFormValue, type MoneyCurrency } from "./fieldValues";
import { formRulesFor } from "./formRules";
import { PermissionGrid } from "./PermissionGrid";
import { FormSelect } from "../../layout/FormSelect";
import { SupplierConnectionTest } from "./SupplierConnectionTest";
import { MerchantConnectionTest } from "./MerchantConnectionTest";
import { OrganisationBranding } from "./OrganisationBranding";
import { proposedCurrencies, type CountryWithCurrency } from "./countryCurrency";
import { useQuery } from "@tanstack/react-query";
import { apiClient } from "../../providers/apiClient";

type Values = Record<string, unknown>;

function ResourceSelect({ field, mode, value, onChange }: { field: ResourceField; value?: unknown; onChange?: (value: unknown) => void; mode?: "multiple" }) {
  const options = field.options?.kind === "resource" ? field.options : undefined;
  const { selectProps } = useSelect<Record<string, unknown>>({
    resource: options?.resource ?? "",
    optionLabel: (item) => String(item[options?.labelField ?? "name"] ?? item.id),
    optionValue: (item) => String(item.id),
    queryOptions: { enabled: options !== undefined },
  });
  const asText = (item: unknown) => (item === null || item === undefined ? undefined : String(item));
  return (
    <FormSelect
      options={selectProps.options}
      loading={selectProps.loading}
      showSearch
      filterOption
      optionFilterProp="label"
      mode={mode}
      allowClear
      data-testid={`field-${field.name}`}
      value={Array.isArray(value) ? value.flatMap((item) => asText(item) ?? []) : asText(value)}
      onChange={(next: string | string[] | undefined) => onChange?.(Array.isArray(next) ? next.map(Number) : next === undefined ? undefined : Number(next))}
    />
  );
}

/** The control for a field's type: text, number, switch, date, list or resource select, tags, money text. */
function FieldControl({ field, currency, ...props }: { field: ResourceField; currency: MoneyCurrency; value?: unknown; onChange?: (value: unknown) => void }) {
  const { t, i18n } = useTranslation();
  const testId = `field-${field.name}`;
  const offeredFor = field.options?.kind === "list" ? field.options.offeredFor?.field : undefined;
  const controllerValue: unknown = Form.useWatch((values: Values) => (offeredFor === undefined ? undefined : values[offeredFor]), Form.useFormInstance());
  const listOptions = fieldChoices(field, t, i18n.language, offeredFor === undefined ? undefined : { [offeredFor]: controllerValue });
  if (field.control === "permissionGrid") return <PermissionGrid {...props} />;
  switch (field.type) {
    case "number":
      return <InputNumber data-testid={testId} style={{ width: "100%" }} {...(props as object)} />;
    case "boolean":
      return <Switch data-testid={testId} checked={Boolean(props.value)} onChange={(checked) => props.onChange?.(checked)} />;
    case "date":
      return <DatePicker data-testid={testId} style={{ width: "100%" }} {...(props as object)} />;
    case "select":
      return field.options?.kind === "resource" ? <ResourceSelect field={field} {...props} /> : <FormSelect data-testid={testId} options={listOptions} allowClear showSearch optionFilterProp="label" {...(props as object)} />;
    case "multiselect":
      if (field.options?.kind === "resource") return <ResourceSelect field={field} mode="multiple" {...props} />;
      return <FormSelect data-testid={testId} mode={listOptions ? "multiple" : "tags"} options={listOptions} optionFilterProp="label" tokenSeparators={[","]} placeholder={listOptions ? undefined : t("admin.typeAndEnter")} {...(props as object)} />;
    case "money":
      return <Input data-testid={testId} inputMode="decimal" addonAfter={currency.code} {...(props as object)} />;
    case "secret":
      return <Input.Password data-testid={testId} autoComplete="new-password" placeholder={t("admin.secretPlaceholder")} {...(props as object)} />;
    default:
      return <Input data-testid={testId} {...(props as object)} />;
  }
}

/** What a resource's form section offers beside its fields (the supplier's connection: a test of it). */
const SECTION_ACTIONS: Partial<Record<string, Partial<Record<string, (props: { form: FormInstance; recordId?: string }) => ReactNode>>>> = {
  suppliers: { connection: (props) => <SupplierConnectionTest {...props} /> },
  merchantRules: { rule: (props) => <MerchantConnectionTest {...props} /> },
  organisations: { main: ({ recordId }) => <OrganisationBranding recordId={recordId} /> },
};

/**
 * Create or edit one record in a drawer, the list staying behind it. Rules come from the
 * declaration's zod rules; the server's field errors land on their fields (Refine reads them).
 */
export function ResourceFormDrawer({
  resource,
  action,
  id,
  currency,
  onClose,
}: {
  resource: ResourceDeclaration;
  action: "create" | "edit";
  id?: string;
  currency: MoneyCurrency;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { formProps, saveButtonProps, query, form } = useForm<Values>({
    resource: resource.name,
    action,
    id,
    redirect: false,
    onMutationSuccess: onClose,
  });
  const record = query?.data?.data;
  // An edit's fields wait for the record: what is typed before it arrives would be overwritten by it.
  const loadingRecord = action === "edit" && (query?.isPending ?? false);
  // A new record's currency follows its country until the user picks one.
  const proposesCurrency = action === "create" && resource.fields.some((field) => field.proposedFromCountry !== undefined);
  const countryCurrencies = useQuery({
    queryKey: ["reference", "countries-with-currency"],
    queryFn: async () => (await apiClient.get<{ data: CountryWithCurrency[] }>("/api/get-all-country-with-currency")).data.data,
    staleTime: 3_600_000,
    enabled: proposesCurrency,
  });
  const proposed = useRef<Record<string, string>>({});
  const onValuesChange: typeof formProps.onValuesChange = (changed: Values, all: Values) => {
    formProps.onValuesChange?.(changed, all);
    if (!proposesCurrency || !countryCurrencies.data) return;
    // Picked by the user: a value other than the one last proposed (antd counts a proposal as a touch).
    const pickedByUser = (field: string) => {
      const value: unknown = form.getFieldValue(field);
      return value !== undefined && value !== null && value !== "" && value !== proposed.current[field];
    };
    const proposals = proposedCurrencies(resource.fields, changed, pickedByUser, countryCurrencies.data);
    Object.assign(proposed.current, proposals);
    if (Object.keys(proposals).length > 0) form.setFieldsValue(proposals);
  };
  // Read-only fields are the server's to derive: never in the form, never sent.
  const formFields = useMemo(() => resource.fields.filter((field) => !field.readOnly), [resource]);

  useEffect(() => {
    // A new record starts from the declaration's defaults, an edited one from its stored values.
    const valueOf = (field: ResourceField) => {
      if (record) return record[field.name];
      const fallback = field.rule.safeParse(undefined);
      return fallback.success ? fallback.data : undefined;
    };
    if (action === "edit" && !record) return;
    form.setFieldsValue(Object.fromEntries(formFields.map((field) => [field.name, toFormValue(field, valueOf(field), currency)])));
  }, [record, form, formFields, currency, action]);

  // Fields a choice hides (another connection's settings) are neither checked nor sent.
  const shownNow = () => {
    const current = form.getFieldsValue(true) as Values;
    return formFields.filter((field) => fieldShown(field, current));
  };
  const submit = (values: Values) =>
    formProps.onFinish?.(Object.fromEntries(shownNow().flatMap((field) => {
      const value = toApiValue(field, values[field.name], currency);
      return value === undefined ? [] : [[field.name, value]];
    })));

  const sections = [...new Set(formFields.map((field) => field.formSection ?? "main"))];
  const wizard = resource.wizard === true && action === "create";
  const [step, setStep] = useState(0);
  // The wizard ends on a review step: what will be saved, as the list will show it.
  const reviewStep = sections.length;
  const fieldsOf = (section: string) => shownNow().filter((field) => (field.formSection ?? "main") === section);
  const next = async () => {
    await form.validateFields(fieldsOf(sections[step]!).map((field) => field.name));
    setStep((current) => current + 1);
  };
  const labels = { yes: t("admin.yes"), no: t("admin.no"), locale: i18n.language, option: (item: CodeLabel<string | number>) => optionLabel(item, t) };
  const reviewed = wizard && step === reviewStep ? (form.getFieldsValue(true) as Values) : undefined;
  const one = t(`resources.${resource.name}.one`);
  // A resource whose Arabic noun is feminine names its own "new" title, where the adjective agrees with it.
  const title = action === "create" ? t(`resources.${resource.name}.new`, { defaultValue: t("admin.createTitle", { resource: one }) }) : t("admin.editTitle", { resource: one });

  return (
    <Drawer
      open
      // A grid of grants needs the room of its columns.
      width={resource.fields.some((field) => field.control === "permissionGrid") ? 760 : 560}
      // The drawer slides in from the reading end: the left in Arabic.
      placement={i18n.dir(i18n.language) === "rtl" ? "left" : "right"}
      title={title}
      onClose={onClose}
      destroyOnHidden
      data-testid="resource-drawer"
      extra={
        <Space>
          {wizard && step > 0 && <Button onClick={() => setStep(step - 1)} data-testid="wizard-back">{t("admin.back")}</Button>}
          {wizard && step < reviewStep ? (
            // Distinct keys: reusing the button element as the submit button would submit on the same click.
            <Button key="next" type="primary" onClick={() => void next().catch(() => undefined)} data-testid="wizard-next">{t("admin.next")}</Button>
          ) : (
            <Button key="save" type="primary" htmlType="submit" form={`${resource.name}-form`} loading={saveButtonProps.loading} disabled={loadingRecord} data-testid="resource-save">
              {t("buttons.save")}
            </Button>
          )}
        </Space>
      }
    >
      {wizard && (
        <Steps
          size="small"
          labelPlacement="vertical"
          current={step}
          items={[...sections.map((section) => ({ title: t(`admin.sections.${section}`) })), { title: t("admin.review") }]}
          style={{ marginBottom: 24 }}
        />
      )}
      {reviewed && (
        <Descriptions column={1} bordered size="small" data-testid="wizard-review">
          {formFields.filter((field) => fieldShown(field, reviewed)).map((field) => (
            <Descriptions.Item key={field.name} label={t(field.labelKey)}>
              {cellText(field, toApiValue(field, reviewed[field.name], currency), currency, labels)}
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
      <Form {...formProps} id={`${resource.name}-form`} layout="vertical" onFinish={submit} onValuesChange={onValuesChange} initialValues={undefined} disabled={loadingRecord}>
        {sections.map((section, index) => (
          <fieldset key={section} style={{ border: 0, padding: 0, margin: 0, display: wizard && index !== step ? "none" : undefined }}>
            {sections.length > 1 && !wizard && <legend style={{ fontWeight: 600, marginBottom: 8 }}>{t(`admin.sections.${section}`)}</legend>}
            {formFields
              .filter((field) => (field.formSection ?? "main") === section)
              .map((field) => {
                const item = (
                  <Form.Item key={field.name} name={field.name} label={t(field.labelKey)} rules={formRulesFor(field, currency, t("admin.required"))}>
                    <FieldControl field={field} currency={currency} />
                  </Form.Item>
                );
                const controller = field.shownWhen?.field;
                if (controller === undefined) return item;
                return (
                  <Form.Item key={field.name} noStyle shouldUpdate={(previous: Values, next: Values) => previous[controller] !== next[controller]}>
                    {({ getFieldsValue }) => (fieldShown(field, getFieldsValue(true) as Values) ? item : null)}
                  </Form.Item>
                );
              })}
            {SECTION_ACTIONS[resource.name]?.[section]?.({ form, recordId: id })}
          </fieldset>
        ))}
      </Form>
    </Drawer>
  );
}
