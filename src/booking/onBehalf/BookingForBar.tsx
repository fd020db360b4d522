import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Card, Flex, Select, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { PersonEntry } from "../../contract/administration";
import { findOrganisation } from "../../contract/organisationTree";
import { OrganisationTreeSelect, useOrganisationTree } from "../../layout/OrganisationTreeSelect";
import { useStore } from "../../lib/createStore";
import { apiClient } from "../../providers/apiClient";
import { currentSessionUser } from "../../providers/sessionUser";
import "../i18n/bookingStrings";
import { bookingForStore, canBookOnBehalf, choiceOf, choose, type BookingForChoice } from "./bookingFor";

/**
 * Booking on behalf (section pos): where the agent starts a booking it chooses the agency of its
 * subtree, and maybe the agent, it books for; the pages after it say whom it is booking for.
 * Changing the choice reloads what was shown, priced for the new one.
 */
export function BookingForBar({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const user = currentSessionUser();
  const allowed = canBookOnBehalf(user);
  const choice = choiceOf(useStore(bookingForStore), user);
  const queryClient = useQueryClient();
  const tree = useOrganisationTree(allowed && editable ? user?.organisation_id : undefined);
  const organisationId = choice?.organisationId ?? user?.organisation_id;
  const agents = useQuery({
    queryKey: ["agents-of", organisationId],
    queryFn: async () => (await apiClient.get<{ data: PersonEntry[] }>("/api/get-agents-list", { params: { organisationId } })).data.data,
    enabled: allowed && editable && organisationId !== undefined,
    staleTime: 60_000,
  });
  if (!user || !allowed || (!editable && choice === null)) return null;

  const change = (next: BookingForChoice | null) => {
    bookingForStore.set(next);
    void queryClient.invalidateQueries();
  };
  const organisationNamed = (id: number) => ({ id, name: (tree.data && findOrganisation(tree.data, id)?.name) ?? choice?.organisationName ?? "" });
  const notice = choice && (
    <Alert
      type="info"
      showIcon
      data-testid="booking-for-notice"
      message={
        choice.userName === null
          ? t("booking.onBehalf.onBehalf", { organisation: choice.organisationName })
          : t("booking.onBehalf.onBehalfAgent", { organisation: choice.organisationName, agent: choice.userName })
      }
    />
  );
  if (!editable) return <div style={{ marginBottom: 16 }}>{notice}</div>;

  return (
    <Card size="small" data-testid="booking-for" style={{ marginBottom: 16 }}>
      <Flex vertical gap="small">
        <Flex wrap gap="small" align="center">
          <Typography.Text strong>{t("booking.onBehalf.label")}</Typography.Text>
          <OrganisationTreeSelect
            rootId={user.organisation_id}
            value={organisationId}
            aria-label={t("booking.onBehalf.organisation")}
            data-testid="booking-for-organisation"
            style={{ minWidth: 260, maxWidth: "100%" }}
            onChange={(id: number) => change(choose(user, organisationNamed(id), null))}
          />
          <Select<number>
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t("booking.onBehalf.anyAgent")}
            aria-label={t("booking.onBehalf.agent")}
            data-testid="booking-for-agent"
            loading={agents.isPending}
            style={{ minWidth: 220, maxWidth: "100%" }}
            value={choice?.userId ?? undefined}
            options={(agents.data ?? []).filter((agent) => agent.status === "active").map((agent) => ({ value: agent.id, label: agent.username }))}
            onChange={(id?: number) => {
              const agent = agents.data?.find((candidate) => candidate.id === id);
              change(choose(user, organisationNamed(organisationId!), agent ? { id: agent.id, name: agent.username } : null));
            }}
          />
          {choice && <Button onClick={() => change(null)}>{t("booking.onBehalf.stop")}</Button>}
        </Flex>
        {notice}
      </Flex>
    </Card>
  );
}
