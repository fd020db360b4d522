import { useGetIdentity } from "@refinedev/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, App, Button, Drawer, Form, Input, InputNumber, Radio, Select, Space, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { organisationTypeSchema } from "../../contract/auth";
import { parseMajorToMinor } from "../../contract/money";
import { registrationRequestViewSchema, type ApproveRegistrationBody, type RegistrationRequestView } from "../../contract/registration";
import { worldOptions, countryName } from "../../lib/worldNames";
import { apiClient } from "../../providers/apiClient";
import { ApiRequestError } from "../../providers/ApiRequestError";
import type { ConsoleIdentity } from "../../providers/authProvider";
import { dateTime } from "../reports/reportColumns";
import { OrganisationTreeSelect } from "../../layout/OrganisationTreeSelect";
import { ReasonDialog } from "../../layout/ReasonDialog";
import { serverPagination } from "../../layout/serverPagination";

type Status = RegistrationRequestView["status"];
const STATUS_COLOURS: Record<Status, string> = { new: "gold", approved: "green", rejected: "red" };

interface ApproveForm {
  parentId: number;
  type: ApproveRegistrationBody["type"];
  currencyCode: string;
  creditLimit?: string;
  username: string;
  roleId: number;
}

function ApproveDrawer({ request, onClose }: { request: RegistrationRequestView | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { data: identity } = useGetIdentity<ConsoleIdentity>();
  const [form] = Form.useForm<ApproveForm>();
  const currency = Form.useWatch("currencyCode", form) ?? "KWD";
  const roles = useQuery({
    queryKey: ["shared-roles"],
    queryFn: async () => z.array(z.object({ id: z.number(), name: z.string() })).parse((await apiClient.get<{ data: unknown }>("/api/roles", { params: { "filter[shared]": true, pageSize: 100 } })).data.data),
  });
  const approve = useMutation({
    mutationFn: async (values: ApproveForm) => {
      const body: ApproveRegistrationBody = { ...values, creditLimit: values.creditLimit ? parseMajorToMinor(values.creditLimit, values.currencyCode) : 0 };
      return registrationRequestViewSchema.parse((await apiClient.post<{ data: unknown }>(`/api/registration-requests/${request!.id}/approve`, body)).data.data);
    },
    onSuccess: (approved) => {
      void message.success(t("registrations.approved", { username: approved.username }));
      void queryClient.invalidateQueries({ queryKey: ["registrations"] });
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiRequestError) form.setFields(error.fieldErrors.map(({ field, message: text }) => ({ name: field as keyof ApproveForm, errors: [text] })));
    },
  });
  const suggestedUsername = request?.email.split("@")[0]?.replace(/[^A-Za-z0-9._-]/g, "").slice(0, 40) ?? "";
  return (
    <Drawer open={request !== null} onClose={onClose} title={t("registrations.approveTitle", { agency: request?.agencyName ?? "" })} width={460} destroyOnHidden data-testid="registration-approve-drawer">
      {request && (
        <Form<ApproveForm>
          form={form}
          layout="vertical"
          initialValues={{ parentId: identity?.user.organisation_id, type: "CR", currencyCode: identity?.organisation.currency.code ?? "KWD", username: suggestedUsername }}
          onFinish={(values) => approve.mutate(values)}
        >
          <Typography.Paragraph type="secondary">{t("registrations.approveHelp", { email: request.email })}</Typography.Paragraph>
          <Form.Item name="parentId" label={t("registrations.parent")} rules={[{ required: true, message: t("accounts.required") }]}>
            <OrganisationTreeSelect rootId={identity!.user.organisation_id} data-testid="registration-parent" />
          </Form.Item>
          <Form.Item name="type" label={t("registrations.type")}>
            <Select options={organisationTypeSchema.options.map((type) => ({ value: type, label: t(`registrations.types.${type}`) }))} />
          </Form.Item>
          <Form.Item name="currencyCode" label={t("registrations.currency")} rules={[{ required: true, message: t("accounts.required") }]}>
            <Select showSearch optionFilterProp="label" options={worldOptions(i18n.language).currencies} />
          </Form.Item>
          <Form.Item name="creditLimit" label={t("registrations.creditLimit", { currency })}>
            <InputNumber<string> stringMode min="0" addonBefore={currency} style={{ width: "100%" }} />
          </Form.Item>
          <Form.Item name="username" label={t("registrations.username")} rules={[{ required: true, pattern: /^[A-Za-z0-9._-]{3,40}$/, message: t("registrations.usernameRule") }]}>
            <Input data-testid="registration-username" />
          </Form.Item>
          <Form.Item name="roleId" label={t("registrations.role")} rules={[{ required: true, message: t("accounts.required") }]}>
            <Select loading={roles.isPending} options={roles.data?.map((role) => ({ value: role.id, label: role.name }))} data-testid="registration-role" />
          </Form.Item>
          {approve.isError && <Alert type="error" showIcon role="alert" message={approve.error.message} style={{ marginBottom: 16 }} />}
          <Button type="primary" htmlType="submit" loading={approve.isPending} data-testid="registration-approve-confirm">{t("registrations.approve")}</Button>
        </Form>
      )}
    </Drawer>
  );
}

/** The head office's review of registration requests: approve (the organisation and its first user) or reject with a reason. */
export function RegistrationsPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status | "all">("new");
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const [approving, setApproving] = useState<RegistrationRequestView | null>(null);
  const [rejecting, setRejecting] = useState<RegistrationRequestView | null>(null);
  const requests = useQuery({
    queryKey: ["registrations", status, page],
    queryFn: async () => {
      const { data } = await apiClient.get<{ data: unknown; total: number }>("/api/registration-requests", { params: { ...(status === "all" ? {} : { status }), ...page } });
      return { rows: z.array(registrationRequestViewSchema).parse(data.data), total: data.total };
    },
    placeholderData: (previous) => previous,
  });
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Typography.Title level={2} style={{ margin: 0 }}>{t("registrations.title")}</Typography.Title>
      <Radio.Group
        aria-label={t("registrations.status")}
        optionType="button"
        value={status}
        onChange={(event) => (setStatus(event.target.value as Status | "all"), setPage({ ...page, page: 1 }))}
        options={[...(["new", "approved", "rejected"] as const).map((value) => ({ value, label: t(`registrations.statuses.${value}`) })), { value: "all", label: t("accounts.topUps.all") }]}
      />
      {requests.isError && <Alert type="error" showIcon role="alert" message={requests.error.message} />}
      <Table<RegistrationRequestView>
        data-testid="registration-table"
        size="small"
        rowKey="id"
        scroll={{ x: true }}
        loading={requests.isFetching}
        dataSource={requests.data?.rows ?? []}
        locale={{ emptyText: t("registrations.none") }}
        pagination={serverPagination(t, { ...page, total: requests.data?.total ?? 0, onChange: (next, pageSize) => setPage({ page: next, pageSize }) })}
        columns={[
          { key: "createdAt", title: t("registrations.received"), render: (_, row) => dateTime(row.createdAt) },
          { key: "agency", title: t("registrations.agency"), dataIndex: "agencyName" },
          { key: "contact", title: t("registrations.contact"), render: (_, row) => <Space direction="vertical" size={0}><span>{row.contactName}</span><bdi>{row.email}</bdi><bdi>{row.phone}</bdi></Space> },
          { key: "country", title: t("registrations.country"), render: (_, row) => countryName(row.countryCode, i18n.language) },
          { key: "referredBy", title: t("registrations.referredBy"), render: (_, row) => row.referredBy ?? "—" },
          { key: "status", title: t("registrations.status"), render: (_, row) => <Tag color={STATUS_COLOURS[row.status]}>{t(`registrations.statuses.${row.status}`)}</Tag> },
          {
            key: "decision",
            title: t("registrations.decision"),
            render: (_, row) =>
              row.status === "new" ? (
                <Space>
                  <Button size="small" type="primary" onClick={() => setApproving(row)} data-testid={`registration-approve-${row.id}`}>{t("registrations.approve")}</Button>
                  <Button size="small" danger onClick={() => setRejecting(row)} data-testid={`registration-reject-${row.id}`}>{t("registrations.reject")}</Button>
                </Space>
              ) : (
                <Space direction="vertical" size={0}>
                  <span>{t("accounts.topUps.decidedBy", { user: row.decidedBy ?? "", at: row.decidedAt ? dateTime(row.decidedAt) : "" })}</span>
                  {row.username && <Typography.Text type="secondary">{t("registrations.firstUser", { username: row.username })}</Typography.Text>}
                  {row.decisionReason && <Typography.Text type="secondary">{row.decisionReason}</Typography.Text>}
                </Space>
              ),
          },
        ]}
      />
      <ApproveDrawer request={approving} onClose={() => setApproving(null)} />
      <ReasonDialog
        open={rejecting !== null}
        title={t("registrations.rejectTitle", { agency: rejecting?.agencyName ?? "" })}
        help={t("registrations.rejectHelp", { email: rejecting?.email ?? "" })}
        okText={t("registrations.reject")}
        reasonLabel={t("registrations.reason")}
        testId="registration-reject"
        onSubmit={async (reason) => {
          await apiClient.post(`/api/registration-requests/${rejecting!.id}/reject`, { reason });
          void queryClient.invalidateQueries({ queryKey: ["registrations"] });
        }}
        onClose={() => setRejecting(null)}
      />
    </Space>
  );
}
